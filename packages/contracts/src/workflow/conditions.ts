import { isEmptyValue } from './metrique-types.ts';

export const CONDITION_OPERATORS = ['empty', 'not_empty', 'equals', 'not_equals', 'contains', 'gt', 'lt'] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number];
export const CONDITION_EFFECTS = ['show', 'hide', 'require'] as const;
export type ConditionEffect = (typeof CONDITION_EFFECTS)[number];

/** "When field X <op> value": one test on another field's value. */
export interface ConditionTestValue {
  metriqueId: number;
  operator: ConditionOperator;
  value?: unknown;
}
/** A field's condition: its effect applies when every test holds. */
export interface FieldConditionValue {
  effect: ConditionEffect;
  tests: ConditionTestValue[];
}

const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === null || v === undefined ? [] : [v]);

/** Whether one test holds against the process's values (keyed by metrique id). */
export function testHolds(t: ConditionTestValue, values: Readonly<Record<string, unknown>>): boolean {
  const v = values[String(t.metriqueId)];
  switch (t.operator) {
    case 'empty':
      return isEmptyValue(v);
    case 'not_empty':
      return !isEmptyValue(v);
    case 'equals':
      return Array.isArray(v) ? v.length === 1 && String(v[0]) === String(t.value) : String(v ?? '') === String(t.value ?? '');
    case 'not_equals':
      return !testHolds({ ...t, operator: 'equals' }, values);
    case 'contains':
      return (
        asList(v).some((x) => String(x) === String(t.value)) ||
        (typeof v === 'string' && typeof t.value === 'string' && v.includes(t.value))
      );
    case 'gt':
      return !isEmptyValue(v) && Number(v) > Number(t.value);
    case 'lt':
      return !isEmptyValue(v) && Number(v) < Number(t.value);
  }
}

/**
 * How a field shows given the other fields' values. A field with a "show" condition is hidden until it holds;
 * a "hide" condition hides it while it holds; "require" makes it required while it holds. A field hidden by
 * its configuration stays hidden; a hidden field is never required.
 */
export function fieldState(
  field: { hidden?: boolean; required?: boolean; conditions?: readonly FieldConditionValue[] | null },
  values: Readonly<Record<string, unknown>>,
): { visible: boolean; required: boolean } {
  let visible = !field.hidden;
  let required = Boolean(field.required);
  for (const c of field.conditions ?? []) {
    const holds = c.tests.every((t) => testHolds(t, values));
    if (c.effect === 'show') visible = visible && holds;
    if (c.effect === 'hide' && holds) visible = false;
    if (c.effect === 'require' && holds) required = true;
  }
  return { visible, required: visible && required };
}

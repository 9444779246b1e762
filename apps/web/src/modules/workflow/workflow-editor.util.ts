import {
  type ConditionEffect,
  type ConditionOperator,
  type FieldConditionValue,
  holdsValue,
  METRIQUE_IDX_LIMIT,
  type Metrique,
} from '@app/contracts';
import { type CodeLabel, frenchCodeLabel } from '../../lib/labels.ts';

/** Kinds whose options the properties panel edits. */
export const OPTION_KINDS = new Set(['select', 'radio', 'checkbox_options']);

/** The step's top-level fields in form order (special fields, idx ≥ 10000, last). */
export function orderedFields(fields: readonly Metrique[]): Metrique[] {
  return [...fields].sort((a, b) => a.idx - b.idx || a.id - b.id);
}

/** Fields that take part in ordering (idx below the limit). */
export function normalFields(fields: readonly Metrique[]): Metrique[] {
  return orderedFields(fields).filter((f) => f.idx < METRIQUE_IDX_LIMIT);
}

/** Dropping over a row: its upper half means "before it", its lower half "after it". */
export function dropPosition(index: number, offsetY: number, height: number): number {
  return offsetY < height / 2 ? index : index + 1;
}

/**
 * The idx a new field takes when dropped at `position` (0 = before the first field) among the step's
 * top-level fields: the idx of the field it lands on (insert_metrique shifts that one and the later ones),
 * or null at the end (assign_metrique appends by the idx rule).
 */
export function insertIdxAt(fields: readonly Metrique[], position: number): number | null {
  const list = normalFields(fields);
  if (position < 0) return list[0]?.idx ?? null;
  return position >= list.length ? null : list[position].idx;
}

/** Moves one element of a list to a drop position counted before the move (0..length). */
export function moveTo<T>(list: readonly T[], from: number, position: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(position > from ? position - 1 : position, 0, item);
  return out;
}

/** Ids of every field of a step (groups followed by their children), as arrange_metriques wants them. */
function flatIds(fields: readonly Metrique[]): number[] {
  return idsInOrder(normalFields(fields));
}
/** Ids of fields kept in the given order, each followed by its children (in idx order). */
function idsInOrder(list: readonly Metrique[]): number[] {
  return list.flatMap((f) => [f.id, ...flatIds(f.children ?? [])]);
}

/**
 * The arrange_metriques ids after moving a top-level field to a drop position; null when nothing moves.
 * A group moves with its children.
 */
export function arrangeAfterMove(fields: readonly Metrique[], id: number, position: number): number[] | null {
  const list = normalFields(fields);
  const from = list.findIndex((f) => f.id === id);
  if (from < 0 || position === from || position === from + 1) return null;
  return idsInOrder(moveTo(list, from, position));
}

/** Every field of a model, groups' children included. */
export function flattenTree(fields: readonly Metrique[]): Metrique[] {
  return fields.flatMap((f) => [f, ...flattenTree(f.children ?? [])]);
}

/** Label of a field kind in the language of `label` (French by default; an unknown kind shows its code). */
export function typeLabel(code: string, label: CodeLabel = frenchCodeLabel): string {
  return label('metriqueType', code);
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/** Palette search: accent- and case-insensitive, on the French label and the code. */
export function filterPalette<T extends { code: string; libelle: string }>(types: readonly T[], search: string): T[] {
  const q = fold(search.trim());
  return q ? types.filter((t) => fold(t.libelle).includes(q) || t.code.includes(q)) : [...types];
}

// ---------------------------------------------------------------- conditions editor state

export interface TestDraft {
  metriqueId: number | null;
  operator: ConditionOperator;
  value: string;
}
export interface ConditionDraft {
  effect: ConditionEffect;
  tests: TestDraft[];
}

/** Operators that compare with a value (empty / not empty do not). */
export function operatorNeedsValue(op: ConditionOperator): boolean {
  return op !== 'empty' && op !== 'not_empty';
}

export const emptyTest = (): TestDraft => ({ metriqueId: null, operator: 'equals', value: '' });
export const emptyCondition = (): ConditionDraft => ({ effect: 'show', tests: [emptyTest()] });

/** The saved conditions as editable drafts. */
export function toDrafts(conditions: readonly FieldConditionValue[]): ConditionDraft[] {
  return conditions.map((c) => ({
    effect: c.effect,
    tests: c.tests.map((t) => ({
      metriqueId: t.metriqueId,
      operator: t.operator,
      value: t.value === undefined || t.value === null ? '' : String(t.value),
    })),
  }));
}

/**
 * Drafts → conditions to save, or the French reason they cannot be saved yet (a test without its field,
 * a comparison without its value, a condition without a test).
 */
export function fromDrafts(
  drafts: readonly ConditionDraft[],
): { ok: true; conditions: FieldConditionValue[] } | { ok: false; error: string } {
  const conditions: FieldConditionValue[] = [];
  for (const [i, d] of drafts.entries()) {
    if (d.tests.length === 0) return { ok: false, error: `La condition ${i + 1} n'a aucun test.` };
    const tests = [];
    for (const t of d.tests) {
      if (t.metriqueId === null) return { ok: false, error: `Choisissez le champ testé (condition ${i + 1}).` };
      if (operatorNeedsValue(t.operator) && t.value.trim() === '') {
        return { ok: false, error: `Saisissez la valeur à comparer (condition ${i + 1}).` };
      }
      tests.push(
        operatorNeedsValue(t.operator)
          ? { metriqueId: t.metriqueId, operator: t.operator, value: t.value.trim() }
          : { metriqueId: t.metriqueId, operator: t.operator },
      );
    }
    conditions.push({ effect: d.effect, tests });
  }
  return { ok: true, conditions };
}

/** Updates one test of one condition (immutable). */
export function patchTest(drafts: readonly ConditionDraft[], ci: number, ti: number, patch: Partial<TestDraft>): ConditionDraft[] {
  return drafts.map((c, i) =>
    i !== ci
      ? c
      : {
          ...c,
          tests: c.tests.map((t, j) => {
            if (j !== ti) return t;
            const next = { ...t, ...patch };
            // Another field: its old value means nothing for the new one.
            if (patch.metriqueId !== undefined && patch.metriqueId !== t.metriqueId && patch.value === undefined) next.value = '';
            if (!operatorNeedsValue(next.operator)) next.value = '';
            return next;
          }),
        },
  );
}

/** Fields a condition may test: the other value-holding fields of the same workflow. */
export function conditionCandidates(all: readonly Metrique[], selfId: number): Metrique[] {
  return all.filter((f) => f.id !== selfId && holdsValue(f.dataType));
}

/** The choices of a tested field (its options), or null when the value is typed. */
export function valueChoices(field: Metrique | undefined, label: CodeLabel = frenchCodeLabel): { value: string; label: string }[] | null {
  if (!field) return null;
  if (field.dataType === 'checkbox')
    return [
      { value: 'true', label: label('checkbox', 'true') },
      { value: 'false', label: label('checkbox', 'false') },
    ];
  const options = field.propertyValues.options;
  if (!OPTION_KINDS.has(field.dataType) || !options?.length) return null;
  return options.map((o) => ({ value: String(o.id), label: o.libelle || String(o.id) }));
}

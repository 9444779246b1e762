import { type HeaderSourceField, headerFromValues, type ProcessUpdate, processFieldOf } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import type { Field, NewProcess, ProcessRow } from '../process.repository.ts';

const toDate = (v: string | null) => (v === null ? null : new Date(v));

/** Header fields of create and update, as columns (their references, prestataireIds and personneEnCharge, checked by the platform). */
export function headerValues(b: Partial<z.output<typeof ProcessUpdate>>): Partial<NewProcess> {
  const out: Partial<NewProcess> = {};
  if (b.nomProcess !== undefined) out.nomProcess = b.nomProcess;
  for (const k of ['dateDebut', 'dateFin', 'dateInterventionDebut', 'dateInterventionFin'] as const) {
    const v = b[k];
    if (v !== undefined) out[k] = toDate(v);
  }
  if (b.equipement !== undefined) out.equipement = b.equipement;
  if (b.typeConsignation !== undefined) out.typeConsignation = b.typeConsignation;
  if (b.prestataireIds !== undefined) out.prestataireIds = [...new Set(b.prestataireIds)];
  if (b.personneEnCharge !== undefined) out.personneEnChargeId = b.personneEnCharge;
  if (b.color !== undefined) out.color = b.color;
  if (b.reference !== undefined) out.reference = b.reference;
  return out;
}

/** A column's value as compared: dates by instant, the rest by JSON. */
const same = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date
    ? (a instanceof Date ? a.getTime() : a) === (b instanceof Date ? b.getTime() : b)
    : JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
const emptyColumn = (v: unknown) => v === null || v === undefined || (Array.isArray(v) && v.length === 0);

/**
 * The header columns fed by the workflow's source fields (propertyValues.processField) from the process's values:
 * - 'changed': the sources among `changed` (values just saved) set their header values, an emptied one empties it;
 * - 'fill': the sources of the step being signed fill the header values still empty (a process whose fields were
 *   filled before the workflow marked them; values set by hand are never overwritten by a signature).
 * Only the columns whose value differs are returned.
 */
export async function headerFromFields(
  ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>,
  p: ProcessRow | null,
  fields: readonly Field[],
  values: Record<string, unknown>,
  scope: { changed: readonly string[] } | { fill: number },
): Promise<Partial<NewProcess>> {
  const sources = fields
    .filter((f) => processFieldOf(f as HeaderSourceField) && ('changed' in scope || f.etapeId === scope.fill))
    .map((f) => f as HeaderSourceField);
  if (!sources.length) return {};
  const derived = headerFromValues(sources, values, 'changed' in scope ? { changed: scope.changed } : {});
  if (derived.prestataireIds?.length) {
    // Only contractor partners of the company are contractors: the company itself or a supplier picked in the field
    // (internal works) leaves none; the field keeps its value (its row was checked as the caller's to name).
    const check = ctx.deps.references.prestataire;
    const ok = new Set(check ? await check(ctx.tx, ctx.caller, derived.prestataireIds) : []);
    derived.prestataireIds = derived.prestataireIds.filter((id) => ok.has(id));
  }
  const cols = headerValues(derived);
  const current = (p ?? {}) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(cols).filter(([k, v]) => !same(current[k], v) && ('changed' in scope || emptyColumn(current[k]))),
  ) as Partial<NewProcess>;
}

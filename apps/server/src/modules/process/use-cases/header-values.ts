import type { ProcessUpdate } from '@app/contracts';
import type { z } from 'zod';
import type { NewProcess } from '../process.repository.ts';

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

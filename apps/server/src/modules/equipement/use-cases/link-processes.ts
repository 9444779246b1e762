import type { EquipementProcess } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { accessOf, equipementFor } from '../equipement.access.ts';
import { linkedProcesses, linkProcesses as write } from '../equipement.repository.ts';

/** Links processes to an equipment: `process.equipement = {id, libelle}` (the caller updates both). */
export async function linkProcesses(tx: Tx, caller: Caller, id: number, body: { processId?: number; processIds?: number[] }) {
  if (!caller.ability.can('update', 'Process')) throw new AppError('FORBIDDEN', "Vous n'avez pas le droit de modifier ces processus.");
  const a = await accessOf(tx, caller);
  const row = await equipementFor(tx, caller, a, id, 'update');
  const ids = [...new Set([...(body.processId ? [body.processId] : []), ...(body.processIds ?? [])])];
  const n = await write(tx, caller.entrepriseId, ids, { id, libelle: row.name });
  return { message: n > 1 ? `${n} processus liés à « ${row.name} ».` : `Processus lié à « ${row.name} ».` };
}

/** The processes linked to an equipment, for a caller who reads processes (else none). */
export async function processesOf(tx: Tx, caller: Caller, id: number): Promise<EquipementProcess[]> {
  const a = await accessOf(tx, caller);
  await equipementFor(tx, caller, a, id, 'read');
  if (!caller.ability.can('read', 'Process')) return [];
  return (await linkedProcesses(tx, caller.entrepriseId, id)).map((p) => ({
    id: Number(p.id),
    libelle: p.libelle,
    workflowLibelle: p.workflow_libelle,
    etapeLibelle: null,
    createdAt: new Date(p.created_at).toISOString(),
  }));
}

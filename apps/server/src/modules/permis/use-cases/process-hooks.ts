import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { ProcessRow, StatusPair } from '../../process/index.ts';
import { dbNow, findPermis, lockPermis } from '../permis.repository.ts';
import { closePermitRow, closureRefusal } from './close-permis.ts';

// The permit's rules on its process's steps (process hooks): the process is not finished while its permit may not be
// closed, and finishing it closes the permit.

/** Signing the last step of a process with a permit: refused (409, French) until the permit may be closed. */
export async function checkClosingStep(tx: Tx, a: { process: ProcessRow; closing: boolean }): Promise<void> {
  if (!a.closing) return;
  const row = await findPermis(tx, a.process.id);
  if (!row || row.etat === 'clos' || row.etat === 'annule') return;
  const refus = await closureRefusal(tx, row, await dbNow(tx));
  if (refus) throw new AppError('CONFLICT', `Le processus ne peut pas être clôturé : permis N° ${a.process.numero / 100} — ${refus}`);
}

/** The last step validated: the permit at its fin de travaux (watch over) is closed with it. */
export async function closeWithProcess(tx: Tx, a: { caller: Caller; process: ProcessRow; closing: boolean }): Promise<void> {
  if (!a.closing) return;
  const row = await lockPermis(tx, a.process.id);
  if (row?.etat !== 'fin_travaux') return;
  await closePermitRow(tx, a.caller, a.process, row, await dbNow(tx));
}

/** A process finished another way (a step skipped, its state or status set): the same refusal as signing its end. */
export async function guardFinish(tx: Tx, a: { process: ProcessRow; from: StatusPair; to: StatusPair }): Promise<void> {
  if (a.to.etat !== 'termine' || a.from.etat === 'termine') return;
  await checkClosingStep(tx, { process: a.process, closing: true });
}

import { createHash } from 'node:crypto';
import { abilitiesOn, type Permis, PermisRuleError } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { lockedProcessOrThrow, type ProcessRow, processOrThrow } from '../../process/index.ts';
import { presentPermis } from '../permis.presenter.ts';
import {
  consignationsOf,
  controlesOf,
  dbNow,
  findPermis,
  lockPermis,
  namesOf,
  type PermisRow,
  prolongationsOf,
  signaturesOf,
  suspensionsOf,
} from '../permis.repository.ts';

// What every permit use case starts with: the process (read under its rights, or locked for a change), the permit,
// the database's clock. Lock order: the process row, then the permit row.

export type PermisCtx = Pick<Ctx, 'tx' | 'caller'>;

/** The process of a permit the caller may read (its company's), or 404/403. */
export async function processToRead(ctx: PermisCtx, processId: number): Promise<ProcessRow> {
  const p = await processOrThrow(ctx.tx, ctx.caller, processId);
  assertCan(ctx.caller.ability, 'read', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  return p;
}

/** Locks the process and its permit for a change by the caller (update on the process), or 404/403/409. */
export async function permitToChange(ctx: PermisCtx, processId: number, version?: number) {
  const { tx, caller } = ctx;
  const process = await lockedProcessOrThrow(tx, caller, processId);
  assertCan(caller.ability, 'update', 'Process', { id: process.id, entrepriseId: process.entrepriseId });
  const row = await lockPermis(tx, process.id);
  if (!row) throw notFound('Aucun permis n’est enregistré pour ce processus.');
  assertPermisVersion(row, version);
  return { process, row, now: await dbNow(tx) };
}

/** A client that read an older permit gets 409 instead of acting on a permit someone else changed. */
export function assertPermisVersion(row: PermisRow, version: number | undefined) {
  if (version !== undefined && version !== row.version) {
    throw new AppError('CONFLICT', 'Ce permis a été modifié entre-temps par quelqu’un d’autre : rechargez-le.', { version: row.version });
  }
}

/** Runs a rule of the contracts; its refusal answers 409 with its French reason. */
export function ruleOrConflict<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof PermisRuleError) throw new AppError('CONFLICT', e.message);
    throw e;
  }
}

/** SHA-256 of what is signed: the permit's content and the act (kept with the signature, printed on documents). */
export function hashOf(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(value)).digest('hex');
}

/** The content a signature covers. */
export function signedContent(row: PermisRow, consignationIds: number[]) {
  return {
    permisId: row.id,
    processId: row.processId,
    type: row.type,
    complements: row.complements,
    modeValidite: row.modeValidite,
    dateDebut: new Date(row.dateDebut).toISOString(),
    dateFin: new Date(row.dateFin).toISOString(),
    travaux: row.travaux,
    mesures: row.mesures,
    consignationIds,
  };
}

/** The permit as the API answers it, read again in the transaction. */
export async function permisView(tx: Tx, caller: Caller, process: ProcessRow, row: PermisRow): Promise<Permis> {
  const [fresh, consignations, signatures, prolongations, suspensions, controles, now] = await Promise.all([
    findPermis(tx, row.processId),
    consignationsOf(tx, row.id),
    signaturesOf(tx, row.id),
    prolongationsOf(tx, row.id),
    suspensionsOf(tx, row.id),
    controlesOf(tx, row.id),
    dbNow(tx),
  ]);
  const current = fresh ?? row;
  const names = await namesOf(tx, [current.closPar, current.annulePar]);
  return presentPermis({
    row: current,
    process,
    consignations,
    signatures,
    prolongations,
    suspensions,
    controles,
    names,
    now,
    abilities: abilitiesOn(caller.ability, 'Process', { id: process.id, entrepriseId: process.entrepriseId }),
  });
}

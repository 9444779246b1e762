import { createHash } from 'node:crypto';
import { type ActionPermis, abilitiesOn, type Permis, PermisRuleError, type RolePermis } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { lockedProcessOrThrow, lockedSharedProcessOrThrow, type ProcessRow, sharedProcessOrThrow } from '../../process/index.ts';
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

/** The process of a permit the caller may read (its company's, or a contractor's own of its client), or 404/403. */
export async function processToRead(ctx: PermisCtx, processId: number): Promise<ProcessRow> {
  const p = await sharedProcessOrThrow(ctx.tx, ctx.caller, processId);
  assertCan(ctx.caller.ability, 'read', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  return p;
}

/** Whether the caller is a contractor acting on its client's permit (migration 0027: the exécutant's side only). */
export const contractorOn = (caller: Caller, process: { entrepriseId: number }) =>
  caller.partner && process.entrepriseId !== caller.entrepriseId;

const CLIENT_ONLY = 'Seule l’entreprise cliente peut faire cela sur ce permis.';

/**
 * Locks the process and its permit for a change by the caller (update on the process), or 404/403/409. A contractor
 * reaches its own process of its client only where the act is its side's (`partner`: signatures, fire watch), else 403.
 */
export async function permitToChange(ctx: PermisCtx, processId: number, version?: number, o: { partner?: boolean } = {}) {
  const { tx, caller } = ctx;
  const process = o.partner ? await lockedSharedProcessOrThrow(tx, caller, processId) : await lockedProcessOrThrow(tx, caller, processId);
  assertCan(caller.ability, 'update', 'Process', { id: process.id, entrepriseId: process.entrepriseId });
  if (contractorOn(caller, process) && !o.partner) throw new AppError('FORBIDDEN', CLIENT_ONLY);
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

/** The roles a contractor signs on its client's permit: the exécutant's, and the fire watcher's when it provides him. */
const ROLES_PRESTATAIRE: readonly RolePermis[] = ['executant', 'surveillant'];
/** The acts a contractor's screen offers on its client's permit: signing the délivrance and the fin de travaux. */
const ACTIONS_PRESTATAIRE: readonly ActionPermis[] = ['delivrer', 'terminer'];

/** Refuses (403) a contractor signing its client's permit as the issuer (émetteur, donneur d'ordre: the client). */
export function assertContractorRole(caller: Caller, process: { entrepriseId: number }, role: RolePermis) {
  if (contractorOn(caller, process) && !ROLES_PRESTATAIRE.includes(role))
    throw new AppError(
      'FORBIDDEN',
      'Le donneur d’ordre (émetteur) est l’entreprise cliente : un prestataire signe comme exécutant ou surveillant.',
    );
}

/**
 * The lockouts a permit relies on. A contractor's role may not show them (they are its client's processes, not its
 * own), yet the permit names them and its signatures cover them: read in the client's scope, by this permit's id only.
 */
const PERMIT_LOCKOUTS = 'permis: the lockouts a contractor’s permit of its client relies on (named on it, covered by its signatures)';
export async function lockoutsOfPermit(tx: Tx, caller: Caller, row: PermisRow) {
  return contractorOn(caller, row) ? asSystem(tx, PERMIT_LOCKOUTS, () => consignationsOf(tx, row.id)) : consignationsOf(tx, row.id);
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
  // Alone, before the others: for a contractor it reads in the client's scope.
  const consignations = await lockoutsOfPermit(tx, caller, row);
  const fresh = await findPermis(tx, row.processId);
  const signatures = await signaturesOf(tx, row.id);
  const prolongations = await prolongationsOf(tx, row.id);
  const suspensions = await suspensionsOf(tx, row.id);
  const controles = await controlesOf(tx, row.id);
  const now = await dbNow(tx);
  const current = fresh ?? row;
  const names = await namesOf(tx, [current.closPar, current.annulePar]);
  const view = presentPermis({
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
  if (!contractorOn(caller, process)) return view;
  // A contractor's screen offers its side's acts only (the server refuses the others: 403).
  return {
    ...view,
    actions: view.actions.filter((a) => (ACTIONS_PRESTATAIRE as readonly string[]).includes(a)),
    signaturesAttendues: view.signaturesAttendues.filter((r) => ROLES_PRESTATAIRE.includes(r)),
  };
}

import {
  type CodeRegistre,
  checkTransition,
  codeOfEtat,
  ETAT_CONSIGNATION_LABELS,
  type EtatConsignation,
  estConsignation,
  etatFilleSousEssai,
  filleOuverte,
  type ModeConsignation,
  OPERATION_LABELS,
  type OperationConsignation,
  operationsManquantes,
  operationsRequises,
  type TransitionContext,
  TYPE_FILLE,
  TYPES_ESSAI,
  type TypeAttestation,
} from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { journal } from '../../process/index.ts';
import { deconsignationBlockers } from '../consignation.blockers.ts';
import {
  type ConsignationRow,
  codesOf,
  daughtersOf,
  essaiOpenUnder,
  insertRecord,
  type LockoutProcess,
  lockDaughterProcesses,
  lockoutsWithoutRecord,
  lockRecord,
  namesOf,
  processRow,
  recordOf,
  setProcessStatus,
  updateRecord,
  validatedStepConfigs,
} from '../consignation.repository.ts';
import { avisOf, cadenasOf, hashOf, insertOperation, operationsOf, pointsOf } from '../consignation-parts.repository.ts';

// The lockout state machine applied (contracts consignation-rules.ts holds the rules): what a move depends on is
// read in the transaction, the move is checked, written, journaled, and the process's register code follows.
// Lock order, everywhere: the process row(s), then the mother's record, then the lockout's own record.

const num = (n: number) => `N° ${n / 100}`;

/** The register code standing for a state in this company, or null. */
export async function codeFor(tx: Tx, entrepriseId: number, etat: EtatConsignation): Promise<CodeRegistre | null> {
  return (codeOfEtat(await codesOf(tx, entrepriseId), etat)?.code as CodeRegistre | undefined) ?? null;
}

/** The operations a lockout needs (its points' energies, its mother's points included) and those signed. */
export async function operationsState(tx: Tx, rec: ConsignationRow) {
  const ids = rec.mereId ? [rec.processId, rec.mereId] : [rec.processId];
  const points = await pointsOf(tx, ids);
  const ops = await operationsOf(tx, [rec.processId]);
  const requises = operationsRequises(points.map((p) => p.energie));
  const faites = [...new Set(ops.map((o) => o.operation as OperationConsignation))];
  return { requises, faites };
}

/**
 * A contractor moving its client's lockout (a step of its own) is checked against everything of the client that the
 * move depends on — daughters, padlocks, permits relying on it — which its own role does not all show: these reads
 * (scoped by the lockout's ids and company) run in the client's whole scope, never a partial one.
 */
const CLIENT_SCOPE = 'consignation: a contractor’s move of its client’s lockout is checked against all of the client’s records';

/** What a move of this lockout depends on besides its two states (`caller`: whose move, for a contractor's scope). */
export async function transitionContext(
  tx: Tx,
  p: { id: number; entrepriseId: number },
  rec: ConsignationRow,
  extra: { avis?: number; attestation?: TypeAttestation; to?: EtatConsignation; caller?: Caller } = {},
): Promise<TransitionContext> {
  const c = extra.caller;
  if (c?.partner && c.entrepriseId !== p.entrepriseId)
    return asSystem(tx, CLIENT_SCOPE, () => transitionContext(tx, p, rec, { ...extra, caller: undefined }));
  // Other modules' blockers are asked only for a déconsignation (or for the list of every move).
  const release = !extra.to || extra.to === 'deconsignation_demandee' || extra.to === 'deconsignee';
  const mere = rec.mereId ? await recordOf(tx, rec.mereId) : null;
  const filles = await daughtersOf(tx, rec.processId);
  const cadenas = await cadenasOf(tx, [rec.processId]);
  const ops = await operationsState(tx, rec);
  const bloqueurs = release ? await deconsignationBlockers(tx, { entrepriseId: p.entrepriseId, processId: p.id }) : [];
  const live = cadenas.filter((c) => !c.retraitAt);
  const names = await namesOf(
    tx,
    live.map((c) => c.utilisateurId),
  );
  const avisCount = (await avisOf(tx, [rec.processId])).length + (extra.avis ?? 0);
  return {
    mode: rec.mode as ModeConsignation,
    etatMere: mere ? (mere.etat as EtatConsignation) : null,
    essaiSurMere: rec.mereId ? await essaiOpenUnder(tx, rec.mereId) : false,
    fillesOuvertes: filles
      .filter((f) => !(TYPES_ESSAI as readonly (number | null)[]).includes(f.typeConsignation))
      .filter((f) => filleOuverte({ etat: f.etat as EtatConsignation, avisFinTravail: f.avis }))
      .map((f) => num(f.numero)),
    cadenasPoses: live.map((c) => `${names.get(c.utilisateurId) ?? 'intervenant'} (cadenas ${c.numero})`),
    avisFinTravail: avisCount,
    bloqueurs,
    operationsManquantes: extra.attestation
      ? operationsManquantes(ops.requises, ops.faites, extra.attestation).map((o) => OPERATION_LABELS[o])
      : [],
  };
}

/** Refuses a move with its French reason (409), or returns. */
export async function assertTransition(
  tx: Tx,
  p: { id: number; entrepriseId: number },
  rec: ConsignationRow,
  to: EtatConsignation,
  extra: { avis?: number; attestation?: TypeAttestation; caller?: Caller } = {},
): Promise<void> {
  const r = checkTransition(rec.etat as EtatConsignation, to, await transitionContext(tx, p, rec, { ...extra, to }));
  if (!r.ok) throw new AppError('CONFLICT', r.raison, { etat: rec.etat, vers: to });
}

/**
 * Moves a locked lockout to a state: checked, written, journaled, the process's code updated (unless the engine
 * writes it: a change of status through update_status), and its effects (an essai on a mother interrupts its
 * daughters; their process rows must have been locked before the mother's record: `lockForChange`).
 */
export async function moveLockout(
  tx: Tx,
  caller: Caller,
  p: { id: number; entrepriseId: number; status?: string | null },
  rec: ConsignationRow,
  to: EtatConsignation,
  o: {
    source: string;
    motif?: string;
    /**
     * The process's register code: 'write' (an explicit move), 'engine' (update_status writes it itself), 'follow' (a
     * step's move: written only when the process already shows a code, so that the lists keep showing the step alone
     * on lockouts that never used codes; docs/DECISIONS.md).
     */
    status?: 'write' | 'engine' | 'follow';
    extra?: { avis?: number; attestation?: TypeAttestation };
  } = { source: 'consignation' },
): Promise<ConsignationRow> {
  const from = rec.etat as EtatConsignation;
  if (from === to) return rec;
  await assertTransition(tx, p, rec, to, { ...o.extra, caller });
  const now = new Date();
  const set: Partial<ConsignationRow> = { etat: to };
  if (to === 'consignee') set.consigneeAt = now;
  if (to === 'deconsignee') set.deconsigneeAt = now;
  await updateRecord(tx, rec.processId, set);
  const fromCode = await codeFor(tx, p.entrepriseId, from);
  const toCode = await codeFor(tx, p.entrepriseId, to);
  await journal(
    tx,
    p,
    caller.userId,
    'consignation',
    null,
    { etat: from, code: fromCode },
    { etat: to, code: toCode, source: o.source, ...(o.motif ? { motif: o.motif } : {}) },
  );
  const status = o.status ?? 'write';
  if (status === 'write' || (status === 'follow' && p.status)) await setProcessStatus(tx, p.id, toCode, caller.userId);
  if (to === 'deconsignee_essai') await interruptDaughters(tx, caller, p, `Essai ou réquisition sur la consignation mère`);
  return { ...rec, ...set };
}

/** Every open daughter at work under this mother is interrupted (domain §1.7), journaled; their process rows are locked. */
export async function interruptDaughters(tx: Tx, caller: Caller, mere: { id: number; entrepriseId: number }, motif: string) {
  const it = await codeFor(tx, mere.entrepriseId, 'interrompue');
  for (const f of await daughtersOf(tx, mere.id)) {
    if ((TYPES_ESSAI as readonly (number | null)[]).includes(f.typeConsignation)) continue;
    const next = etatFilleSousEssai(f.etat as EtatConsignation);
    if (next === f.etat) continue;
    const rec = await lockRecord(tx, f.processId);
    if (!rec || rec.etat === next) continue;
    await updateRecord(tx, f.processId, { etat: next });
    await journal(
      tx,
      { id: f.processId, entrepriseId: mere.entrepriseId },
      caller.userId,
      'consignation',
      null,
      { etat: rec.etat },
      { etat: next, code: it, source: 'mere', motif },
    );
    await setProcessStatus(tx, f.processId, it, caller.userId);
  }
}

/**
 * Locks what a change of this lockout needs, in the one order: the daughters' process rows when the change may
 * interrupt them (the lockout's own process row is already locked by the caller), the mother's record, its own.
 */
export async function lockForChange(tx: Tx, p: LockoutProcess, o: { daughters?: boolean } = {}): Promise<ConsignationRow> {
  if (o.daughters) await lockDaughterProcesses(tx, p.id);
  const existing = await recordOf(tx, p.id);
  const mereId = existing?.mereId ?? null;
  if (mereId) await lockRecord(tx, mereId);
  const rec = existing ? await lockRecord(tx, p.id) : null;
  return rec ?? (await rebuildRecord(tx, p));
}

/**
 * A lockout process without its record (created before this module, or written by the demo): the record is rebuilt
 * from its validated steps' configs (their transitions and operations, without guards: they were signed).
 */
export async function rebuildRecord(tx: Tx, p: LockoutProcess): Promise<ConsignationRow> {
  const parent = p.parentId ? await processRow(tx, p.entrepriseId, p.parentId) : null;
  const mereRec = parent && estConsignation(parent) ? ((await recordOf(tx, parent.id)) ?? (await rebuildRecord(tx, parent))) : null;
  let etat: EtatConsignation = 'demande';
  const ops: OperationConsignation[] = [];
  for (const s of await validatedStepConfigs(tx, p.id)) {
    const t = s.config.transitionConsignation;
    if (typeof t === 'string' && t in ETAT_CONSIGNATION_LABELS) etat = t as EtatConsignation;
    const op = s.config.operationConsignation;
    if (typeof op === 'string' && op in OPERATION_LABELS) ops.push(op as OperationConsignation);
  }
  // A process ended after its déconsignation is closed.
  if (p.etat === 'termine' && etat === 'deconsignee') etat = 'cloturee';
  const rec = await insertRecord(tx, { processId: p.id, entrepriseId: p.entrepriseId, mereId: mereRec ? parent!.id : null, etat });
  for (const operation of ops)
    await insertOperation(tx, {
      entrepriseId: p.entrepriseId,
      processId: p.id,
      operation,
      utilisateurId: null,
      hash: hashOf({ processId: p.id, operation, reprise: true }),
      commentaire: 'Reprise depuis les étapes signées du processus',
    });
  return rec;
}

/** Whether a process is a daughter lockout (type 7). */
export const isDaughter = (p: { typeConsignation: number | null }) => p.typeConsignation === TYPE_FILLE;

/**
 * Rebuilds the records of a company's lockout processes that have none (the demo's, a base from before the module);
 * returns the process ids of those rebuilt.
 */
export async function ensureLockoutRecords(tx: Tx, entrepriseId: number): Promise<number[]> {
  const rebuilt: number[] = [];
  for (const p of await lockoutsWithoutRecord(tx, entrepriseId))
    if (!(await recordOf(tx, p.id))) {
      await rebuildRecord(tx, p);
      rebuilt.push(p.id);
    }
  return rebuilt;
}

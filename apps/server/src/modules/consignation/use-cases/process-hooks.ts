import {
  ETAT_CONSIGNATION_LABELS,
  ETATS_FINAUX,
  type EtatConsignation,
  estConsignation,
  OPERATION_LABELS,
  type OperationConsignation,
  refusCreationFille,
  refusRoleEtape,
  refusSansAttestation,
  TYPE_FILLE,
  TYPES_ESSAI,
} from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import {
  journal,
  type ProcessCreatedListener,
  type StatusGuard,
  type StepSignCheck,
  type StepValidatedListener,
} from '../../process/index.ts';
import {
  codesOf,
  insertRecord,
  type LockoutProcess,
  lockDaughterProcesses,
  lockRecord,
  namesOf,
  processRow,
  recordOf,
} from '../consignation.repository.ts';
import { copyEquipmentPoints, copyLockoutPoints, hashOf, insertOperation } from '../consignation-parts.repository.ts';
import { announceLockout } from './announce-lockout.ts';
import { recordAttestation, recordAvis } from './documents.ts';
import { clientOnly, contractorOn } from './locked-lockout.ts';
import { assertTransition, interruptDaughters, lockForChange, moveLockout, rebuildRecord } from './lockout-state.ts';
import { assertPointsPadlocked } from './sign-attestation.ts';

// How the lockout module plugs into the engine (process.hooks.ts): a lockout's record at creation, its state machine
// on every change of status, and the steps' configs (transitionConsignation, operationConsignation, roleConsignation)
// on signing.

const asLockout = (p: LockoutProcess) => (estConsignation(p) ? p : null);

/** The equipment a process names (its header's equipement), when it is a row id. */
export function equipementIdOf(p: { equipement: unknown }): number | null {
  const e = p.equipement as { id?: unknown } | null;
  return typeof e?.id === 'number' && Number.isInteger(e.id) && e.id > 0 ? e.id : null;
}

/**
 * A lockout process gets its record: a daughter (type 7) only under a consigned mother; an essai or réquisition
 * (types 3, 4) under a mother interrupts its open daughters; the equipment's isolation points are copied, or for a
 * duplicate those of the lockout it copies (without padlocks: it starts « demandée »).
 */
export const onProcessCreated: ProcessCreatedListener = async (tx, { caller, process, event, sourceId }) => {
  const p = asLockout(process);
  if (!p) return;
  const parent = p.parentId ? await processRow(tx, p.entrepriseId, p.parentId) : null;
  const mere = parent && estConsignation(parent) ? parent : null;
  const essai = (TYPES_ESSAI as readonly (number | null)[]).includes(p.typeConsignation);
  if (mere && essai) await lockDaughterProcesses(tx, mere.id);
  const mereRec = mere ? ((await lockRecord(tx, mere.id)) ?? (await rebuildRecord(tx, mere))) : null;
  if (p.typeConsignation === TYPE_FILLE) {
    const refus = refusCreationFille(mereRec ? (mereRec.etat as EtatConsignation) : null);
    if (refus) throw new AppError('CONFLICT', refus, { champ: 'parentId' });
  }
  await insertRecord(tx, { processId: p.id, entrepriseId: p.entrepriseId, mereId: mereRec?.processId ?? null });
  await copyPointsOf(tx, caller, p, event === 'duplicated' ? (sourceId ?? null) : null);
  if (mere && essai)
    await interruptDaughters(tx, caller, mere, `${p.typeConsignation === 3 ? 'Essai' : 'Réquisition'} N° ${p.numero / 100}`);
  // The mother's screen lists its daughters (and an essai interrupted its sisters); the engine announces the new one.
  if (mere) await announceLockout(tx, mere, { mereId: null });
};

/**
 * The points a new lockout starts with: a duplicate, those of the lockout it copies (journaled); otherwise, or when
 * that one has none of its own, its equipment's.
 */
async function copyPointsOf(tx: Tx, caller: Caller, p: LockoutProcess, sourceId: number | null) {
  const source = sourceId ? await recordOf(tx, sourceId) : null;
  const copied = source ? await copyLockoutPoints(tx, p.entrepriseId, source.processId, p.id) : 0;
  if (copied) {
    await journal(tx, p, caller.userId, 'points-isolement', null, null, { copieDe: source?.processId, ajoutes: copied });
    return;
  }
  const eq = equipementIdOf(p);
  if (eq) await copyEquipmentPoints(tx, p.entrepriseId, p.id, eq);
}

/**
 * A change of a lockout's register code (update-status-process, update_status, inactive with a code) goes through the
 * state machine: the code's canonical state (the company's table) must be reachable now, else 409 with the reason.
 * The engine writes the status itself; this records the lockout's new state and journals it.
 */
export const onStatusChange: StatusGuard = async (tx, { caller, process, from, to }) => {
  if (!estConsignation(process) || to.status === null || to.status === from.status) return;
  const code = (await codesOf(tx, process.entrepriseId)).find((c) => c.code === to.status);
  if (!code) return;
  const p = process as unknown as LockoutProcess;
  const target = code.etat as EtatConsignation;
  const refus = refusSansAttestation(target);
  const rec = await lockForChange(tx, p, { daughters: target === 'deconsignee_essai' });
  if (rec.etat === target) return;
  if (refus) throw new AppError('CONFLICT', `Code ${code.code} (« ${code.libelle} ») : ${refus}`);
  await moveLockout(tx, caller, p, rec, target, { source: `statut ${code.code}`, status: 'engine' });
  await announceLockout(tx, p, rec, { self: false });
};

const configOf = (c: Record<string, unknown>) => ({
  transition:
    typeof c.transitionConsignation === 'string' && c.transitionConsignation in ETAT_CONSIGNATION_LABELS
      ? (c.transitionConsignation as EtatConsignation)
      : null,
  operation:
    typeof c.operationConsignation === 'string' && c.operationConsignation in OPERATION_LABELS
      ? (c.operationConsignation as OperationConsignation)
      : null,
});

/** The moves a contractor's step may make on its client's lockout: the chargé de travaux's (NF C18-510). */
const TRANSITIONS_PRESTATAIRE: readonly EtatConsignation[] = ['en_cours', 'interrompue', 'deconsignation_demandee'];

/** The documents a step's transition records when it is validated (the attestation, the avis de fin de travail). */
const documentOf = (t: EtatConsignation) =>
  t === 'consignee'
    ? { attestation: 'consignation' as const }
    : t === 'consignee_etape1'
      ? { attestation: 'premiere_etape' as const }
      : t === 'deconsignation_demandee'
        ? { avis: 1 }
        : {};

/**
 * Before a lockout's step is validated: its role's symbols are required (roleConsignation), its transition is
 * possible now (with the document it will record), and the process does not end while the ouvrage is consigned.
 * Reads only (the engine holds the process row): the listener below locks and writes.
 */
export const onStepSigning: StepSignCheck = async (tx, { caller, process, etape, validates, closing }) => {
  if (!estConsignation(process)) return;
  const refusRole = refusRoleEtape(etape.config);
  if (refusRole) throw new AppError('CONFLICT', refusRole);
  if (!validates) return;
  const p = process as unknown as LockoutProcess;
  const rec = (await recordOf(tx, p.id)) ?? (await rebuildRecord(tx, p));
  const { transition } = configOf(etape.config);
  if (transition && transition !== rec.etat) {
    // A contractor's step moves the lockout only as its chargé de travaux does (work started, interrupted, avis de fin
    // de travail); the attestation, an essai, the release are the client's, even on a step its workflow gives it.
    if (contractorOn(caller, p) && !TRANSITIONS_PRESTATAIRE.includes(transition))
      throw clientOnly(
        documentOf(transition).attestation
          ? 'L’attestation de consignation est signée par le chargé de consignation de l’entreprise cliente.'
          : `« ${ETAT_CONSIGNATION_LABELS[transition]} » : seule l’entreprise cliente fait passer sa consignation dans cet état.`,
      );
    await assertTransition(tx, p, rec, transition, { ...documentOf(transition), caller });
    if (transition === 'consignee' || transition === 'consignee_etape1') await assertPointsPadlocked(tx, rec);
  }
  const after = transition ?? (rec.etat as EtatConsignation);
  if (closing && !['deconsignee', 'demande', 'preparee', ...ETATS_FINAUX].includes(after))
    throw new AppError(
      'CONFLICT',
      `La consignation est « ${ETAT_CONSIGNATION_LABELS[after]} » : elle ne se clôture qu’une fois déconsignée (ou annulée).`,
    );
};

/** After a lockout's step is validated: its operation is recorded, its document signed, its transition made. */
export const onStepValidated: StepValidatedListener = async (tx, { caller, process, etape, closing, at }) => {
  if (!estConsignation(process)) return;
  const p = process as unknown as LockoutProcess;
  const { transition, operation } = configOf(etape.config);
  if (!transition && !operation && !closing) return;
  let rec = await lockForChange(tx, p, { daughters: transition === 'deconsignee_essai' });
  if (operation)
    await insertOperation(tx, {
      entrepriseId: p.entrepriseId,
      processId: p.id,
      operation,
      utilisateurId: caller.userId,
      at,
      hash: hashOf({ processId: p.id, operation, etapeId: etape.id, utilisateurId: caller.userId, at: at.toISOString() }),
    });
  if (transition && transition !== rec.etat) {
    const doc = documentOf(transition);
    if (doc.attestation) await recordAttestation(tx, caller, p, doc.attestation, null, at);
    if (doc.avis) {
      const names = await namesOf(tx, [caller.userId]);
      await recordAvis(tx, caller, p, `${etape.nom} — ${names.get(caller.userId) ?? 'chargé de travaux'}`, null, at);
    }
    rec = await moveLockout(tx, caller, p, rec, transition, { source: `étape « ${etape.nom} »`, status: 'follow' });
    await announceLockout(tx, p, rec, { self: false });
  }
  if (closing && rec.etat === 'deconsignee')
    await moveLockout(tx, caller, p, rec, 'cloturee', { source: 'clôture du processus', status: 'follow' });
};

import {
  abilitiesOn,
  allowedTransitions,
  type ConsignationDetail,
  checkTransition,
  codeOfEtat,
  ETAT_CONSIGNATION_LABELS,
  type EtatConsignation,
  filleOuverte,
  type ModeConsignation,
  OPERATION_LABELS,
  type OperationConsignation,
  operationsManquantes,
  refusSansAttestation,
  TYPE_ATTESTATION_LABELS,
  TYPES_ESSAI,
  type TypeAttestation,
  typeConsignationLabel,
} from '@app/contracts';
import type { Ctx } from '../../../platform/http/route.ts';
import { codesOf, daughtersOf, type LockoutProcess, namesOf, processRow, recordOf } from '../consignation.repository.ts';
import { attestationsOf, avisOf, cadenasOf, operationsOf, pointsOf } from '../consignation-parts.repository.ts';
import { shownDaughters } from './find-registre.ts';
import { lockoutProcessOrThrow } from './locked-lockout.ts';
import { operationsState, rebuildRecord, transitionContext } from './lockout-state.ts';
import { unpadlockedReason } from './sign-attestation.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The attestation that brings a lockout to a state, for the states only an attestation reaches. */
const ATTESTATION_OF_STATE: Partial<Record<EtatConsignation, TypeAttestation>> = {
  consignee_etape1: 'premiere_etape',
  consignee: 'consignation',
};

/** The lockout of a process as its screen shows it (every write answers it too). */
export async function getLockout(ctx: Pick<Ctx, 'tx' | 'caller'>, processId: number): Promise<ConsignationDetail> {
  const p = await lockoutProcessOrThrow(ctx, processId);
  return lockoutDetail(ctx, p);
}

export async function lockoutDetail(ctx: Pick<Ctx, 'tx' | 'caller'>, p: LockoutProcess): Promise<ConsignationDetail> {
  const { tx, caller } = ctx;
  const rec = (await recordOf(tx, p.id)) ?? (await rebuildRecord(tx, p));
  const codes = await codesOf(tx, p.entrepriseId);
  const mereRec = rec.mereId ? await recordOf(tx, rec.mereId) : null;
  const mereProc = rec.mereId ? await processRow(tx, null, rec.mereId) : null;
  const filles = await daughtersOf(tx, p.id);
  const points = await pointsOf(tx, rec.mereId ? [rec.mereId, p.id] : [p.id]);
  const mesOps = await operationsOf(tx, [p.id]);
  const cadenas = await cadenasOf(tx, [p.id]);
  const attestations = await attestationsOf(tx, [p.id]);
  const avis = await avisOf(tx, [p.id]);
  const ops = await operationsState(tx, rec);
  // Alone, after the others: for a contractor it reads in the client's scope (lockout-state.ts).
  const context = await transitionContext(tx, p, rec, { caller });
  const names = await namesOf(tx, [
    ...mesOps.map((o) => o.utilisateurId),
    ...points.flatMap((x) => [x.poseParId, x.retraitParId]),
    ...cadenas.flatMap((c) => [c.utilisateurId, c.poseParId, c.retraitParId, c.temoinId]),
    ...attestations.map((a) => a.utilisateurId),
    ...avis.map((a) => a.utilisateurId),
  ]);
  const acte = (id: number | null, at: Date | string | null) =>
    at ? { utilisateurId: id, nom: id ? (names.get(id) ?? null) : null, at: iso(at) as string } : null;
  const etat = rec.etat as EtatConsignation;
  const openDaughters = filles.filter(
    (f) =>
      !(TYPES_ESSAI as readonly (number | null)[]).includes(f.typeConsignation) &&
      filleOuverte({ etat: f.etat as EtatConsignation, avisFinTravail: f.avis }),
  ).length;
  const code = codeOfEtat(codes, etat);
  // The daughters listed are those the caller's register shows (ticket 15, droits de lecture du registre).
  const shownFilles = await shownDaughters(ctx, p, filles);
  return {
    processId: p.id,
    numero: p.numero,
    nomProcess: p.nomProcess,
    typeConsignation: p.typeConsignation,
    nameConsignation: typeConsignationLabel(p.typeConsignation),
    equipementLibelle: ((p.equipement as { libelle?: unknown } | null)?.libelle as string | undefined) ?? null,
    etat,
    etatLibelle: ETAT_CONSIGNATION_LABELS[etat],
    code,
    mode: rec.mode as ModeConsignation,
    parentId: p.parentId,
    mere:
      mereRec && mereProc
        ? { processId: mereProc.id, numero: mereProc.numero, nomProcess: mereProc.nomProcess, etat: mereRec.etat as EtatConsignation }
        : null,
    filles: shownFilles.map((f) => ({
      processId: f.processId,
      numero: f.numero,
      nomProcess: f.nomProcess,
      typeConsignation: f.typeConsignation,
      etat: f.etat as EtatConsignation,
      etatLibelle: ETAT_CONSIGNATION_LABELS[f.etat as EtatConsignation],
      ouverte: filleOuverte({ etat: f.etat as EtatConsignation, avisFinTravail: f.avis }),
    })),
    operationsRequises: ops.requises.map((o) => ({ operation: o, libelle: OPERATION_LABELS[o], faite: ops.faites.includes(o) })),
    operations: mesOps.map((o) => ({
      id: o.id,
      operation: o.operation as OperationConsignation,
      libelle: OPERATION_LABELS[o.operation as OperationConsignation],
      pointId: o.pointId,
      par: acte(o.utilisateurId, o.at) as NonNullable<ReturnType<typeof acte>>,
      hash: o.hash,
      commentaire: o.commentaire,
    })),
    points: points.map((x) => ({
      id: x.id,
      equipementPointId: x.equipementPointId,
      repere: x.repere,
      energie: x.energie,
      dispositif: x.dispositif,
      positionRequise: x.positionRequise,
      moyenCondamnation: x.moyenCondamnation,
      methodeVerification: x.methodeVerification,
      numeroCadenas: x.numeroCadenas,
      pose: acte(x.poseParId, x.poseAt),
      retrait: acte(x.retraitParId, x.retraitAt),
      herite: x.processId !== p.id,
      // The lockout holding the point, and its open daughters, depend on it.
      dependances: x.processId === p.id ? 1 + openDaughters : 1 + (mereRec ? 1 : 0),
    })),
    cadenas: cadenas.map((c) => ({
      id: c.id,
      utilisateurId: c.utilisateurId,
      nom: names.get(c.utilisateurId) ?? '',
      numero: c.numero,
      pose: acte(c.poseParId, c.poseAt) as NonNullable<ReturnType<typeof acte>>,
      retrait: acte(c.retraitParId, c.retraitAt),
      retraitAbsent:
        c.retraitAt && c.motifAbsence && c.temoinId
          ? { motif: c.motifAbsence, temoinId: c.temoinId, temoin: names.get(c.temoinId) ?? null, hash: c.hash ?? '' }
          : null,
    })),
    attestations: attestations.map((a) => ({
      id: a.id,
      numero: a.numero,
      type: a.type as TypeAttestation,
      libelle: TYPE_ATTESTATION_LABELS[a.type as TypeAttestation],
      par: acte(a.utilisateurId, a.at) as NonNullable<ReturnType<typeof acte>>,
      hash: a.hash,
    })),
    avisFinTravail: avis.map((a) => ({
      id: a.id,
      equipe: a.equipe,
      par: acte(a.utilisateurId, a.at) as NonNullable<ReturnType<typeof acte>>,
      hash: a.hash,
    })),
    transitions: allowedTransitions(etat, context).map(({ etat: to, result: general }) => {
      // A move made by an attestation says what that attestation still waits for: its operations, then the padlocks.
      const attestation = ATTESTATION_OF_STATE[to];
      const result = attestation
        ? checkTransition(etat, to, {
            ...context,
            operationsManquantes: operationsManquantes(ops.requises, ops.faites, attestation).map((o) => OPERATION_LABELS[o]),
          })
        : general;
      const viaAttestation = (attestation && unpadlockedReason(points.filter((x) => x.processId === p.id))) || refusSansAttestation(to);
      const raison = result.ok ? viaAttestation : result.raison;
      return {
        etat: to,
        libelle: ETAT_CONSIGNATION_LABELS[to],
        code: codeOfEtat(codes, to)?.code ?? null,
        autorisee: raison === null,
        raison,
      };
    }),
    consigneeAt: iso(rec.consigneeAt),
    deconsigneeAt: iso(rec.deconsigneeAt),
    abilities: abilitiesOn(caller.ability, 'Process', { id: p.id, entrepriseId: p.entrepriseId }),
  };
}

import { abilitiesOn, type EngineState, holdsValue, latestStatusOf, type Process, type ProcessEtat } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import { notFound } from '../../platform/http/errors.ts';
import { metriqueTree, presentMetrique } from '../workflow/index.ts';
import {
  type Field,
  fieldsOfModele,
  hashOfStep,
  loadEngineState,
  modeleOf,
  type ProcessRow,
  peopleByIds,
  type Step,
  sequencingOf,
  stepHistoryOf,
  stepsOfModele,
} from './process.repository.ts';
import type { FileRow } from './process-files.repository.ts';
import { liveSignatures } from './process-signatures.repository.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The process as the API returns it: every spec field, its steps, signatures (with their hash check), rights. */
export async function presentProcess(tx: Tx, caller: Caller, p: ProcessRow): Promise<Process> {
  const modele = await modeleOf(tx, p.processModeleId);
  const steps = await stepsOfModele(tx, p.processModeleId);
  const fields = await fieldsOfModele(tx, p.processModeleId);
  const state = await loadEngineState(tx, p);
  const sigs = await liveSignatures(tx, p.id);
  const seq = await sequencingOf(tx, p.id);
  const history = await stepHistoryOf(tx, p);
  const people = await peopleByIds(tx, [p.personneEnChargeId, p.lastModifyById, p.createdById]);
  const values = (p.rawData ?? {}) as Record<string, unknown>;
  const stepById = new Map(steps.map((s) => [s.id, s]));
  const fieldIdsOfStep = (etapeId: number) => fields.filter((f) => f.etapeId === etapeId).map((f) => f.id);
  const signatures: Process['signatures'] = {};
  for (const { s, nom, prenom } of sigs) {
    const list = signatures[String(s.metriqueId)] ?? [];
    list.push({
      id: s.id,
      metriqueId: s.metriqueId,
      etapeId: s.etapeId,
      utilisateur: { id: s.utilisateurId, nom, prenom },
      signedAt: new Date(s.signedAt).toISOString(),
      image: s.image,
      hash: s.hash,
      altered: hashOfStep(s.etapeId, fieldIdsOfStep(s.etapeId), values) !== s.hash,
    });
    signatures[String(s.metriqueId)] = list;
  }
  const details = state.steps.map((x) => {
    const e = stepById.get(x.etapeId);
    return {
      etapeId: x.etapeId,
      isValid: x.isValid,
      dateRealise: x.dateRealise,
      etat: x.etat,
      saved: x.saved,
      etape: { id: x.etapeId, ordre: x.ordre, nom: e?.nom ?? '' },
    };
  });
  const references: Record<string, unknown> = {};
  for (const f of fields) {
    const ref = f.references as { metriqueId: number } | null;
    if (ref) references[String(f.id)] = values[String(ref.metriqueId)] ?? null;
  }
  const person = (id: number | null) => (id === null ? null : (people.get(id) ?? null));
  const current = steps.find((s) => s.ordre === p.currentOrdre);
  return {
    id: p.id,
    processId: p.id,
    entrepriseId: p.entrepriseId,
    parentId: p.parentId,
    nomProcess: p.nomProcess,
    nom_process: p.nomProcess,
    numero: p.numero,
    niveau: p.niveau,
    key: p.key,
    parentKey: null,
    processModele: { id: p.processModeleId, libelle: modele?.libelle ?? '', package: modele?.package ?? null },
    dateDebut: iso(p.dateDebut),
    dateFin: iso(p.dateFin),
    dateInterventionDebut: iso(p.dateInterventionDebut),
    dateInterventionFin: iso(p.dateInterventionFin),
    equipement: (p.equipement ?? null) as Process['equipement'],
    typeConsignation: p.typeConsignation,
    latestStatus: latestStatusOf(p.etat as ProcessEtat, current?.nom ?? null),
    latestStatusCode: p.status,
    latestStatusId: p.currentOrdre,
    prestataireIds: p.prestataireIds,
    personneEnCharge: person(p.personneEnChargeId),
    processDetails: details,
    etatEtapes: state.steps.map((x) => ({ etapeId: x.etapeId, etape_ordre: x.ordre, etat: x.etat })),
    currentEtapeOrdre: p.currentOrdre,
    lockedProcess: seq.some((x) => x.awaitedEtat !== 'termine'),
    lockProcesses: seq.map(({ id, processId, lockedByProcessId }) => ({ id, processId, lockedByProcessId })),
    etat: p.etat as ProcessEtat,
    status: p.status,
    rawData: values,
    signatures,
    references,
    reference: p.reference,
    changedMetriques: ((p.changedMetriques ?? []) as Process['changedMetriques']).slice(-100),
    usersPointedGamme: [],
    lastModifyAt: new Date(p.lastModifyAt).toISOString(),
    lastModifyBy: person(p.lastModifyById),
    createdBy: person(p.createdById),
    color: p.color,
    version: p.version,
    steps: steps.map((s) => ({ id: s.id, nom: s.nom, ordre: s.ordre, config: (s.config ?? {}) as Record<string, unknown> })),
    lastReturns: history.lastReturns,
    validations: history.validations,
    abilities: abilitiesOn(caller.ability, 'Process', { id: p.id, entrepriseId: p.entrepriseId }),
  };
}

/** The header of a process (get_base). */
export function presentProcessBase(p: ProcessRow, modele: { id: number; libelle: string } | null) {
  return {
    id: p.id,
    numero: p.numero,
    nomProcess: p.nomProcess,
    processModele: { id: p.processModeleId, libelle: modele?.libelle ?? '' },
    etat: p.etat as ProcessEtat,
    currentEtapeOrdre: p.currentOrdre,
    version: p.version,
  };
}

/** The state record of one step of a process (the first picked), or 404. */
export function presentStepDetail(state: EngineState, steps: Step[], pick: (s: { etapeId: number; ordre: number }) => boolean) {
  const rec = state.steps.find(pick);
  if (!rec) throw notFound('Étape introuvable dans ce processus.');
  const e = steps.find((s) => s.id === rec.etapeId);
  return {
    etapeId: rec.etapeId,
    isValid: rec.isValid,
    dateRealise: rec.dateRealise,
    etat: rec.etat,
    saved: rec.saved,
    etape: { id: rec.etapeId, ordre: rec.ordre, nom: e?.nom ?? '' },
  };
}

/** The fields of a step as tabs: its loose fields under the step's name, then one tab per group. */
export function presentTabs(step: Step, fields: Field[]) {
  const tree = metriqueTree(fields.map((m) => presentMetrique(m, step.ordre)));
  const loose = tree.filter((m) => m.dataType !== 'group');
  const groups = tree.filter((m) => m.dataType === 'group').map((g) => ({ libelle: g.nom, metriques: g.children ?? [] }));
  return [...(loose.length ? [{ libelle: step.nom, metriques: loose }] : []), ...groups];
}

/** The report of a process: each step with its values (signatures apart) and its signatures. */
export function presentReport(v: Process, fields: Field[]) {
  return {
    process: { id: v.id, numero: v.numero, nomProcess: v.nomProcess, etat: v.etat },
    etapes: v.steps.map((s) => {
      const d = v.processDetails.find((x) => x.etapeId === s.id);
      const own = fields.filter((f) => f.etapeId === s.id);
      return {
        ordre: s.ordre,
        nom: s.nom,
        isValid: d?.isValid ?? false,
        dateRealise: d?.dateRealise ?? null,
        champs: own
          .filter((f) => holdsValue(f.dataType) && f.dataType !== 'signature')
          .map((f) => ({ metriqueId: f.id, nom: f.nom, dataType: f.dataType, valeur: v.rawData[String(f.id)] ?? null })),
        signatures: own.flatMap((f) => v.signatures[String(f.id)] ?? []),
      };
    }),
  };
}

/** The synthesis of a process: each step's state and how many signatures it still lacks. */
export function presentSynthese(v: Process, fields: Field[]) {
  return {
    id: v.id,
    etat: v.etat,
    etapes: v.processDetails.map((d) => ({
      ordre: d.etape.ordre,
      nom: d.etape.nom,
      etat: d.etat,
      isValid: d.isValid,
      signaturesManquantes: fields.filter(
        (f) => f.etapeId === d.etapeId && f.dataType === 'signature' && !(v.signatures[String(f.id)] ?? []).length,
      ).length,
    })),
  };
}

/** A file of a process, without where it is stored. */
export function presentFile(f: FileRow, uploadedBy: { id: number; nom: string; prenom: string } | null) {
  return {
    id: f.id,
    metriqueId: f.metriqueId,
    nom: f.nom,
    mime: f.mime,
    taille: f.taille,
    uploadedAt: new Date(f.uploadedAt).toISOString(),
    uploadedBy,
  };
}

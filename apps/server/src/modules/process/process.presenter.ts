import { abilitiesOn, type Process, type ProcessEtat } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { Tx } from '../../platform/db/engine.ts';
import {
  fieldsOfModele,
  hashOfStep,
  liveSignatures,
  loadEngineState,
  modeleOf,
  type ProcessRow,
  peopleByIds,
  sequencingOf,
  stepsOfModele,
} from './process.repository.ts';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** The process as the API returns it: every spec field, its steps, signatures (with their hash check), rights. */
export async function presentProcess(tx: Tx, caller: Caller, p: ProcessRow): Promise<Process> {
  const [modele, steps, fields, state, sigs, seq] = await Promise.all([
    modeleOf(tx, p.processModeleId),
    stepsOfModele(tx, p.processModeleId),
    fieldsOfModele(tx, p.processModeleId),
    loadEngineState(tx, p),
    liveSignatures(tx, p.id),
    sequencingOf(tx, p.id),
  ]);
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
    latestStatus: p.etat === 'termine' ? 'Terminé' : p.etat === 'inactif' ? 'Inactif' : (current?.nom ?? null),
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
    abilities: abilitiesOn(caller.ability, 'Process', { id: p.id, entrepriseId: p.entrepriseId }),
  };
}

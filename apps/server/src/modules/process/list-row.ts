import type { ProcessEtat } from '@app/contracts';
import type { ProcessRow } from './process.repository.ts';

// One formatter for all rows: building an Intl.DateTimeFormat costs far more than using one.
const PARIS_DAY = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** yyyymmdd of an instant in Europe/Paris (the lists' date integers). */
export function yyyymmdd(d: Date | string | null): number | null {
  if (!d) return null;
  return Number(PARIS_DAY.format(new Date(d)).replaceAll('-', ''));
}

/** The columns a process-list row is made of. */
export type ListRowSource = Pick<
  ProcessRow,
  | 'id'
  | 'numero'
  | 'nomProcess'
  | 'equipement'
  | 'equipementLibelle'
  | 'processModeleId'
  | 'modeleLibelle'
  | 'preparateur'
  | 'dateDebut'
  | 'dateFin'
  | 'etat'
  | 'niveau'
  | 'currentOrdre'
  | 'sequenced'
  | 'lastModifyAt'
  | 'status'
  | 'typeConsignation'
>;

/** The process-list row of the spec, from a process and its current step's name. */
export function listRowOf(p: ListRowSource, etapeNom: string | null) {
  return {
    id: p.id,
    numero: p.numero,
    nomProcess: p.nomProcess,
    description: null,
    equipementLastItemString: p.equipementLibelle ?? (p.equipement as { libelle?: string } | null)?.libelle ?? null,
    firstPrestataireLibelle: null,
    processModeleId: p.processModeleId,
    processModeleLibelle: p.modeleLibelle,
    preparateur: p.preparateur,
    dateDebutInteger: yyyymmdd(p.dateDebut),
    dateFinInteger: yyyymmdd(p.dateFin),
    latestStatus: p.etat === 'termine' ? 'Terminé' : p.etat === 'inactif' ? 'Inactif' : etapeNom,
    origin: null,
    nameConsignation: null,
    niveaux: p.niveau,
    etat: p.etat as ProcessEtat,
    articles: null,
    quantity: null,
    fournisseur: null,
    dateSouhaitee: null,
    currentEtapeOrdre: p.currentOrdre,
    lockedProcess: p.sequenced,
    lastModifyAt: new Date(p.lastModifyAt).toISOString(),
    status: p.status,
    typeConsignation: p.typeConsignation,
  };
}

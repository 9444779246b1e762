import type { ProcessEtat } from '@app/contracts';
import { process } from '../../platform/db/schema.ts';
import type { ProcessRow } from './process.repository.ts';

// One formatter for all rows: building an Intl.DateTimeFormat costs far more than using one.
const PARIS_DAY = new Intl.DateTimeFormat('fr-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** yyyymmdd of an instant in Europe/Paris (the lists' date integers). */
export function yyyymmdd(d: Date | string | null): number | null {
  if (!d) return null;
  return Number(PARIS_DAY.format(new Date(d)).replaceAll('-', ''));
}

/** The only columns a list row needs (a list never reads the values, signatures or history of a process). */
export const LIST_COLUMNS_SQL = {
  id: process.id,
  numero: process.numero,
  nomProcess: process.nomProcess,
  equipement: process.equipement,
  equipementLibelle: process.equipementLibelle,
  processModeleId: process.processModeleId,
  modeleLibelle: process.modeleLibelle,
  preparateur: process.preparateur,
  dateDebut: process.dateDebut,
  dateFin: process.dateFin,
  etat: process.etat,
  niveau: process.niveau,
  currentOrdre: process.currentOrdre,
  sequenced: process.sequenced,
  lastModifyAt: process.lastModifyAt,
  status: process.status,
  typeConsignation: process.typeConsignation,
};
export type ListRowSource = Pick<ProcessRow, keyof typeof LIST_COLUMNS_SQL>;

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

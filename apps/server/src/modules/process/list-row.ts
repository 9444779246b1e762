import { DEFAULT_TIMEZONE, type ProcessEtat } from '@app/contracts';
import type { ProcessRow } from './process.repository.ts';

// One formatter per time zone, kept: building an Intl.DateTimeFormat costs far more than using one.
const DAY_FORMATS = new Map<string, Intl.DateTimeFormat>();
function dayFormat(tz: string): Intl.DateTimeFormat {
  let f = DAY_FORMATS.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('fr-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' });
    DAY_FORMATS.set(tz, f);
  }
  return f;
}

/** yyyymmdd of an instant in the display time zone `tz` (the lists' date integers; Europe/Paris by default). */
export function yyyymmdd(d: Date | string | null, tz = DEFAULT_TIMEZONE): number | null {
  if (!d) return null;
  return Number(dayFormat(tz).format(new Date(d)).replaceAll('-', ''));
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

/**
 * The process-list row of the spec, from a process, its current step's name and its first contractor company's
 * name (when the caller may see it), with dates in the display time zone `tz`.
 */
export function listRowOf(p: ListRowSource, etapeNom: string | null, tz = DEFAULT_TIMEZONE, prestataire: string | null = null) {
  return {
    id: p.id,
    numero: p.numero,
    nomProcess: p.nomProcess,
    description: null,
    equipementLastItemString: p.equipementLibelle ?? (p.equipement as { libelle?: string } | null)?.libelle ?? null,
    firstPrestataireLibelle: prestataire,
    processModeleId: p.processModeleId,
    processModeleLibelle: p.modeleLibelle,
    preparateur: p.preparateur,
    dateDebutInteger: yyyymmdd(p.dateDebut, tz),
    dateFinInteger: yyyymmdd(p.dateFin, tz),
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

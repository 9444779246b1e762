import { displayNumero, formatDate, type ListColumn } from '@app/contracts';
import { formatDateInteger } from '../../lib/dates.ts';
import { type CodeLabel, frenchCodeLabel, statusText } from '../../lib/labels.ts';
import type { SearchRow } from './liste.queries.ts';

const or = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

/**
 * The text of a cell. Columns of modules not built yet show what the process holds: the request and
 * validation dates of the habilitations are the process's start and end.
 */
export function cellText(row: SearchRow, column: ListColumn, timeZone: string, label: CodeLabel = frenchCodeLabel): string {
  switch (column) {
    case 'numero':
      return displayNumero(row.numero);
    case 'nomProcess':
      return row.nomProcess;
    case 'equipement':
      return or(row.equipementLastItemString);
    case 'prestataire':
      return or(row.firstPrestataireLibelle);
    case 'workflow':
      return row.processModeleLibelle;
    case 'typeConsignation':
      // The type's code, named in the language shown (nameConsignation is its French label).
      return or(row.typeConsignation ? label('typeConsignation', row.typeConsignation, row.nameConsignation) : row.nameConsignation);
    case 'preparateur':
      return or(row.preparateur);
    case 'dateDebut':
    case 'dateDemande':
      return or(formatDateInteger(row.dateDebutInteger));
    case 'dateFin':
    case 'dateValidation':
      return or(formatDateInteger(row.dateFinInteger));
    case 'status':
      return statusText(label, row);
    case 'origin':
      return or(row.origin);
    case 'article':
      return or(row.articles);
    case 'quantity':
      return row.quantity === null ? '—' : row.quantity.toLocaleString('fr-FR');
    case 'fournisseur':
      return or(row.fournisseur);
    case 'dateSouhaitee':
      return or(formatDate(row.dateSouhaitee, timeZone));
    case 'niveau':
      return or(row.niveaux);
  }
}

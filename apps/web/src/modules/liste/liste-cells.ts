import { displayNumero, formatDate, type ListColumn, TYPE_CONSIGNATION } from '@app/contracts';
import { formatDateInteger } from '../../lib/dates.ts';
import { statusLabel } from '../process/index.ts';
import type { SearchRow } from './liste.queries.ts';

const or = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));

/**
 * The text of a cell. Columns of modules not built yet show what the process holds: the request and
 * validation dates of the habilitations are the process's start and end.
 */
export function cellText(row: SearchRow, column: ListColumn, timeZone: string): string {
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
      return or(
        row.nameConsignation ?? (row.typeConsignation ? TYPE_CONSIGNATION[row.typeConsignation as keyof typeof TYPE_CONSIGNATION] : null),
      );
    case 'preparateur':
      return or(row.preparateur);
    case 'dateDebut':
    case 'dateDemande':
      return or(formatDateInteger(row.dateDebutInteger));
    case 'dateFin':
    case 'dateValidation':
      return or(formatDateInteger(row.dateFinInteger));
    case 'status':
      return statusLabel(row);
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
      return String(row.niveaux);
  }
}

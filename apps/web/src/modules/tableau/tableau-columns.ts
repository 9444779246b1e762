import { displayNumero, LIST_COLUMNS, type ListColumn, type Metrique } from '@app/contracts';
import { formatDateInteger } from '../../lib/dates.ts';
import { type CodeLabel, frenchCodeLabel, statusText } from '../../lib/labels.ts';
import { displayValue } from '../process/index.ts';
import type { Affichage, TableauRow } from './tableau.queries.ts';

/** The built-in columns of a board, in their default order (the board's fields follow). */
const BASE_COLUMNS = ['numero', 'nomProcess', 'workflow', 'status', 'dateDebut', 'dateFin', 'preparateur'] as const;

/** A column of the board table: a built-in one, or `metrique:<id>` for a field of the board. */
export interface BoardColumn {
  key: string;
  label: string;
}

export type Sort = { key: string; order: 'asc' | 'desc' };

const METRIQUE_PREFIX = 'metrique:';

/** The column key of a board field. */
export const metriqueKey = (id: number) => `${METRIQUE_PREFIX}${id}`;

/** The field id of a `metrique:<id>` key, else null. */
export function metriqueIdOf(key: string): number | null {
  if (!key.startsWith(METRIQUE_PREFIX)) return null;
  const id = Number(key.slice(METRIQUE_PREFIX.length));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * Every column of a board: the built-in ones (named by `header`, in the person's language; French by default), then
 * one per board field (named « Champ n » if unknown).
 */
export function boardColumns(
  metriques: readonly number[],
  fields: ReadonlyMap<number, Metrique>,
  header: (key: ListColumn) => string = (key) => LIST_COLUMNS[key],
): BoardColumn[] {
  return [
    ...BASE_COLUMNS.map((key) => ({ key, label: header(key) })),
    ...metriques.map((id) => ({ key: metriqueKey(id), label: fields.get(id)?.nom ?? `Champ ${id}` })),
  ];
}

/** The default sort, as the server returns rows: newest number first. */
export const DEFAULT_SORT: Sort = { key: 'numero', order: 'desc' };

/**
 * The columns a display shows, in its order. Columns it does not list stay hidden (a display saved with only
 * « N° » shows only it); a display listing nothing, or no display, shows every column.
 */
export function displayedColumns(all: readonly BoardColumn[], display: Pick<Affichage, 'colonnes'> | null): BoardColumn[] {
  if (!display || display.colonnes.length === 0) return [...all];
  const byKey = new Map(all.map((c) => [c.key, c]));
  const out: BoardColumn[] = [];
  for (const c of display.colonnes) {
    const col = byKey.get(c.key);
    if (col && c.visible && !out.includes(col)) out.push(col);
  }
  return out;
}

/** The state of the display editor: every column in order, each shown or not. */
export interface ColumnChoice extends BoardColumn {
  visible: boolean;
}

/** The editor's starting columns: the display's order first (known columns), then the others, hidden. */
export function columnChoices(all: readonly BoardColumn[], display: Pick<Affichage, 'colonnes'> | null): ColumnChoice[] {
  if (!display || display.colonnes.length === 0) return all.map((c) => ({ ...c, visible: true }));
  const byKey = new Map(all.map((c) => [c.key, c]));
  const out: ColumnChoice[] = [];
  for (const c of display.colonnes) {
    const col = byKey.get(c.key);
    if (col && !out.some((o) => o.key === c.key)) out.push({ ...col, visible: c.visible });
  }
  for (const c of all) if (!out.some((o) => o.key === c.key)) out.push({ ...c, visible: false });
  return out;
}

/** A list with one item moved up (-1) or down (+1); unchanged at the ends. */
export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const j = index + delta;
  if (index < 0 || index >= list.length || j < 0 || j >= list.length) return [...list];
  const out = [...list];
  [out[index], out[j]] = [out[j], out[index]];
  return out;
}

/** The text of a cell; dates dd/MM/yy (Europe/Paris, as the rows carry them), numbers as shown in the lists. */
export function cellText(
  row: TableauRow,
  key: string,
  fields: ReadonlyMap<number, Metrique>,
  language = 'fr',
  label: CodeLabel = frenchCodeLabel,
): string {
  const or = (v: string | null | undefined) => (v ? v : '—');
  switch (key) {
    case 'numero':
      return displayNumero(row.numero);
    case 'nomProcess':
      return row.nomProcess;
    case 'workflow':
      return row.processModeleLibelle;
    case 'status':
      return statusText(label, row);
    case 'dateDebut':
      return or(formatDateInteger(row.dateDebutInteger));
    case 'dateFin':
      return or(formatDateInteger(row.dateFinInteger));
    case 'preparateur':
      return or(row.preparateur);
  }
  const id = metriqueIdOf(key);
  if (id === null) return '—';
  const v = row.valeurs[String(id)];
  const field = fields.get(id);
  if (field) return displayValue(v, field, language);
  return v === null || v === undefined || v === '' ? '—' : String(v);
}

import { type DatePreset, datePresetRange, type ProcessEtat, type ProcessSearch } from '@app/contracts';
import type { DateRange } from './components/date-range-filter.tsx';
import { DATE_FIELDS, type DateField, isSortKey, type TableSettings } from './liste-settings.ts';

/** The filters typed in the bar (not saved: only the table settings are). */
export interface FilterState {
  search: string;
  equipement: string;
  etat: string[];
  preparateurIds: string[];
  /** Contractor companies (entreprise ids): a process is kept when one of them works on it. */
  prestataireIds: string[];
  typeConsignation: string[];
  /** Ranges typed by hand; a saved preset wins over them. */
  ranges: Partial<Record<DateField, DateRange>>;
}

export const emptyFilters: FilterState = {
  search: '',
  equipement: '',
  etat: [],
  preparateurIds: [],
  prestataireIds: [],
  typeConsignation: [],
  ranges: {},
};

/** The range of a date field: from its preset (computed for today) or as typed. */
export function rangeOf(field: DateField, filters: FilterState, settings: TableSettings, now: Date, timeZone: string): DateRange {
  const preset: DatePreset | undefined = settings.datePreset[field];
  return preset ? datePresetRange(preset, now, timeZone) : (filters.ranges[field] ?? {});
}

/** The search's filters (the body of search_by_paging without variant, sort and paging). */
export function searchFilters(filters: FilterState, settings: TableSettings, now: Date, timeZone: string): ProcessSearch['filters'] {
  const out: ProcessSearch['filters'] = {};
  if (filters.search.trim()) out.search = filters.search.trim();
  if (filters.equipement.trim()) out.equipement = filters.equipement.trim();
  if (filters.etat.length) out.etat = filters.etat as ProcessEtat[];
  if (filters.preparateurIds.length) out.preparateurIds = filters.preparateurIds.map(Number);
  if (filters.prestataireIds.length) out.prestataireIds = filters.prestataireIds.map(Number);
  if (filters.typeConsignation.length) out.typeConsignation = filters.typeConsignation.map(Number);
  if (settings.workflows.length) out.processModeleIds = settings.workflows;
  for (const f of DATE_FIELDS) {
    const r = rangeOf(f, filters, settings, now, timeZone);
    if (r.from || r.to) out[f] = { ...(r.from ? { from: r.from } : {}), ...(r.to ? { to: r.to } : {}) };
  }
  return out;
}

// ---- The filters in the address (ticket 12): back, reload and a shared link keep them. ----

/** Multi-valued filters and their parameter names. */
const MULTI = { etat: 'etat', preparateurIds: 'preparateur', prestataireIds: 'prestataire', typeConsignation: 'type' } as const;
const TEXT = { search: 'q', equipement: 'equipement' } as const;
const rangeKey = (field: DateField, end: 'from' | 'to') => `${field}.${end}`;
const SORT_PARAM = 'sort';
const PAGE_PARAM = 'page';

/** The filters written in the address's query (anything absent is empty). */
export function filtersFromParams(params: URLSearchParams): FilterState {
  const ranges: FilterState['ranges'] = {};
  for (const f of DATE_FIELDS) {
    const from = params.get(rangeKey(f, 'from')) ?? undefined;
    const to = params.get(rangeKey(f, 'to')) ?? undefined;
    if (from || to) ranges[f] = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  }
  return {
    search: params.get(TEXT.search) ?? '',
    equipement: params.get(TEXT.equipement) ?? '',
    etat: params.getAll(MULTI.etat),
    preparateurIds: params.getAll(MULTI.preparateurIds),
    prestataireIds: params.getAll(MULTI.prestataireIds),
    typeConsignation: params.getAll(MULTI.typeConsignation),
    ranges,
  };
}

/** The query with these filters (other parameters kept; the page dropped: new filters start at page 1). */
export function withFilters(params: URLSearchParams, f: FilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const k of [...Object.values(TEXT), ...Object.values(MULTI), PAGE_PARAM]) next.delete(k);
  for (const field of DATE_FIELDS) for (const end of ['from', 'to'] as const) next.delete(rangeKey(field, end));
  for (const [key, name] of Object.entries(TEXT) as [keyof typeof TEXT, string][]) if (f[key]) next.set(name, f[key]);
  for (const [key, name] of Object.entries(MULTI) as [keyof typeof MULTI, string][]) for (const v of f[key]) next.append(name, v);
  for (const field of DATE_FIELDS) {
    const r = f.ranges[field];
    if (r?.from) next.set(rangeKey(field, 'from'), r.from);
    if (r?.to) next.set(rangeKey(field, 'to'), r.to);
  }
  return next;
}

/** The sort asked in the address (`sort=dateDebut.asc`), or null. */
export function sortFromParams(params: URLSearchParams): TableSettings['sort'] | null {
  const [key, order] = (params.get(SORT_PARAM) ?? '').split('.');
  if (!isSortKey(key) || (order !== 'asc' && order !== 'desc')) return null;
  return { key, order };
}

export function withSort(params: URLSearchParams, sort: TableSettings['sort']): URLSearchParams {
  const next = new URLSearchParams(params);
  next.set(SORT_PARAM, `${sort.key}.${sort.order}`);
  next.delete(PAGE_PARAM);
  return next;
}

/** The page asked in the address (1 when absent or not a page number). */
export function pageFromParams(params: URLSearchParams): number {
  const n = Number(params.get(PAGE_PARAM));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

export function withPage(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page > 1) next.set(PAGE_PARAM, String(page));
  else next.delete(PAGE_PARAM);
  return next;
}

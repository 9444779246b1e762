import { type DatePreset, datePresetRange, type ProcessEtat, type ProcessSearch } from '@app/contracts';
import type { DateRange } from './components/date-range-filter.tsx';
import { DATE_FIELDS, type DateField, type TableSettings } from './liste-settings.ts';

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

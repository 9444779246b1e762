import { DATE_PRESETS, type DatePreset, LIST_VARIANTS, type ListColumn, type ListVariant, SORT_KEYS, type SortKey } from '@app/contracts';
import { z } from 'zod';

export const PER_PAGE_CHOICES = [50, 100, 200, 500] as const;
const DEFAULT_PER_PAGE = 100;

/** The date fields a preset can fill. */
export const DATE_FIELDS = ['dateDebut', 'dateFin'] as const;
export type DateField = (typeof DATE_FIELDS)[number];

/** One user's settings of one list, as saved in session.settings.tables[variant]. */
export interface TableSettings {
  hidden: ListColumn[];
  /** Every column of the variant, in display order. */
  order: ListColumn[];
  /** Workflow ids the list is limited to (none: all). */
  workflows: number[];
  sort: { key: SortKey; order: 'asc' | 'desc' };
  perPage: number;
  /** The date-range shortcut chosen per date field (the range is computed again on load). */
  datePreset: Partial<Record<DateField, DatePreset>>;
}

const presetCodes = DATE_PRESETS.map((p) => p.code) as [DatePreset, ...DatePreset[]];
// Lenient on purpose: a setting saved by an older version must never break the list, only fall back.
const Stored = z.object({
  hidden: z.array(z.string()).catch([]),
  order: z.array(z.string()).catch([]),
  workflows: z.array(z.number().int().positive()).catch([]),
  sort: z
    .object({ key: z.enum(SORT_KEYS), order: z.enum(['asc', 'desc']) })
    .optional()
    .catch(undefined),
  perPage: z.number().int().min(1).max(1000).optional().catch(undefined),
  datePreset: z.partialRecord(z.enum(DATE_FIELDS), z.enum(presetCodes)).catch({}),
});

export function defaultSettings(variant: ListVariant): TableSettings {
  return {
    hidden: [],
    order: [...LIST_VARIANTS[variant].columns],
    workflows: [],
    sort: { key: 'numero', order: 'desc' },
    perPage: DEFAULT_PER_PAGE,
    datePreset: {},
  };
}

/** The settings of a list read from session.settings (anything missing or invalid takes its default). */
export function readTableSettings(sessionSettings: Record<string, unknown>, variant: ListVariant): TableSettings {
  const def = defaultSettings(variant);
  const tables = sessionSettings.tables;
  const raw = tables && typeof tables === 'object' ? (tables as Record<string, unknown>)[variant] : undefined;
  const parsed = Stored.safeParse(raw ?? {});
  if (!parsed.success) return def;
  const s = parsed.data;
  const columns = def.order;
  const known = (c: string): c is ListColumn => (columns as string[]).includes(c);
  // Saved order first (known columns only, once each), then any column added to the variant since.
  const order = [...new Set(s.order.filter(known))];
  for (const c of columns) if (!order.includes(c)) order.push(c);
  return {
    hidden: [...new Set(s.hidden.filter(known))],
    order,
    workflows: s.workflows,
    sort: s.sort ?? def.sort,
    perPage: s.perPage ?? def.perPage,
    datePreset: s.datePreset,
  };
}

/** The session settings to save: every other list's settings kept, this one replaced. */
export function writeTableSettings(sessionSettings: Record<string, unknown>, variant: ListVariant, s: TableSettings) {
  const tables = sessionSettings.tables && typeof sessionSettings.tables === 'object' ? sessionSettings.tables : {};
  return { tables: { ...(tables as Record<string, unknown>), [variant]: s } };
}

/** The columns shown, in order. */
export function visibleColumns(s: TableSettings): ListColumn[] {
  return s.order.filter((c) => !s.hidden.includes(c));
}

/** The order with one column moved up (-1) or down (+1); unchanged at the ends. */
export function moveColumn(order: readonly ListColumn[], column: ListColumn, delta: -1 | 1): ListColumn[] {
  const i = order.indexOf(column);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= order.length) return [...order];
  const out = [...order];
  [out[i], out[j]] = [out[j], out[i]];
  return out;
}

export function isSortKey(c: string): c is SortKey {
  return (SORT_KEYS as readonly string[]).includes(c);
}

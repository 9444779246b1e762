import { z } from 'zod';
import { isTimeZone } from '../common/date.ts';
import { refs } from '../common/references.ts';
import { ProcessListRow } from './process-list.schema.ts';
import { PROCESS_ETATS } from './transitions.ts';

export {
  LIST_COLUMNS,
  LIST_VARIANT_KEYS,
  LIST_VARIANTS,
  type ListColumn,
  type ListVariant,
  SORT_KEYS,
  type SortKey,
} from './list-variants.ts';

import { LIST_VARIANT_KEYS, SORT_KEYS } from './list-variants.ts';

const Range = z.object({
  from: z.iso.datetime({ offset: true }).max(40).optional(),
  to: z.iso.datetime({ offset: true }).max(40).optional(),
});

export const ProcessSearch = z.object({
  variant: z.enum(LIST_VARIANT_KEYS).optional(),
  filters: z
    .object({
      etat: z.array(z.enum(PROCESS_ETATS)).max(3).optional(),
      status: z.array(z.string().max(60)).max(50).optional(),
      processModeleIds: refs('workflow').max(200).optional(),
      /** Who created the processes: people of the caller's company. */
      preparateurIds: refs('utilisateur').max(200).optional(),
      prestataireIds: refs('prestataire').max(200).optional(),
      typeConsignation: z.array(z.coerce.number().int().min(1).max(9)).max(9).optional(),
      equipement: z.string().trim().max(100).optional(),
      search: z.string().trim().max(100).optional(),
      dateDebut: Range.optional(),
      dateFin: Range.optional(),
    })
    .default({}),
  sort: z.object({ key: z.enum(SORT_KEYS), order: z.enum(['asc', 'desc']) }).default({ key: 'numero', order: 'desc' }),
  perPage: z.coerce.number().int().min(1).max(1000).default(100),
  /** Offset paging for the first pages; the cursor of the previous page for any depth (keyset). */
  offset: z.coerce.number().int().min(0).max(10_000, 'Au-delà de 10 000 lignes, poursuivez avec le curseur de page.').default(0),
  cursor: z.string().max(500).nullable().optional(),
});
export type ProcessSearch = z.infer<typeof ProcessSearch>;

/** The deepest offset a list accepts; beyond, pages follow each other by cursor. */
export const MAX_OFFSET = 10_000;

/** Up to this many rows the total is exact; beyond, it says "more than" (counting further costs every list). */
export const EXACT_COUNT_LIMIT = 1_000;

/** Display time zone of the dates of a list (IANA name; default Europe/Paris). */
export const TimeZoneQuery = z.object({ tz: z.string().max(60).refine(isTimeZone, 'Fuseau horaire inconnu.').optional() });

/** A row of a list page: the spec's process-list row, with the register status code and the lock-out type. */
export const ProcessSearchRow = ProcessListRow.extend({ status: z.string().nullable(), typeConsignation: z.number().int().nullable() });
export const ProcessSearchResult = z.object({
  items: z.array(ProcessSearchRow),
  total: z.number().int(),
  /** False when there are more rows than counted (the total is then a lower bound). */
  totalExact: z.boolean(),
  nextCursor: z.string().nullable(),
  perPage: z.number().int(),
  offset: z.number().int(),
});

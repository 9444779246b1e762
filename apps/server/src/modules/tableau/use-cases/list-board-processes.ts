import { type Critere, EXACT_COUNT_LIMIT, type ProcessSearch, type SortKey, type tableauEndpoints } from '@app/contracts';
import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx, Input } from '../../../platform/http/route.ts';
import { listRowOf, searchProcesses } from '../../process/index.ts';
import { fieldSortedPage, findBoardFiltre } from '../tableau.repository.ts';
import { critereSql } from '../tableau-criteres.repository.ts';
import { openTableau } from './open-tableau.ts';

type Query = Input<typeof tableauEndpoints.processes>['query'];

/**
 * A board's processes, filtered by one of its saved filters, with its fields' values on each row (`valeurs`). By a
 * built-in column: the lists' statement (keys from their indexes, sequenced processes last, bounded count). By one
 * of its fields (metrique:<id>): its stored values sorted as they come, without an index.
 */
export async function listBoardProcesses(ctx: Pick<Ctx, 'tx' | 'caller'>, query: Query) {
  const board = await openTableau(ctx, query.tableauId);
  let criteres: Critere[] = [];
  if (query.filtreId) {
    const f = await findBoardFiltre(ctx.tx, board.id, query.filtreId);
    if (!f) throw notFound('Filtre introuvable pour ce tableau.');
    criteres = f.criteres as Critere[];
  }
  const conditions = criteres.map(critereSql);
  // A board without workflows shows nothing (no process has the id -1).
  const workflows = board.workflows.length ? board.workflows : [-1];
  if (!query.sort?.startsWith('metrique:')) {
    const search: ProcessSearch = {
      filters: { processModeleIds: workflows },
      sort: { key: (query.sort ?? 'numero') as SortKey, order: query.order },
      perPage: query.perPage,
      offset: query.offset,
      cursor: null,
    };
    return searchProcesses(ctx.tx, ctx.caller, search, query.tz, { where: conditions, metriques: board.metriques });
  }
  const { rows, count } = await fieldSortedPage(ctx.tx, {
    entrepriseId: ctx.caller.entrepriseId,
    workflows,
    conditions,
    metriqueId: query.sort.slice('metrique:'.length),
    order: query.order,
    perPage: query.perPage,
    offset: query.offset,
  });
  // Counted as the lists are: beyond EXACT_COUNT_LIMIT, the total says "more than".
  return {
    items: rows.map(({ p, etapeNom, prestataire, niveaux }) => ({
      ...listRowOf(p, etapeNom, query.tz, prestataire, niveaux),
      valeurs: Object.fromEntries(board.metriques.map((id) => [String(id), (p.rawData as Record<string, unknown>)[String(id)] ?? null])),
    })),
    total: Math.min(count, EXACT_COUNT_LIMIT),
    totalExact: count <= EXACT_COUNT_LIMIT,
    offset: query.offset,
    perPage: query.perPage,
  };
}

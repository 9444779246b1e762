import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { searchProcesses } from './process-search.repository.ts';

const L = API.processList;

/** The spec's plain paging (offset, perPage; workflow, state, text): the lists' statement, newest first. */
export const processListRoutes: RouteDef[] = [
  route(
    L.byPaging,
    async ({ tx, caller }, { query }) =>
      searchProcesses(tx, caller, {
        filters: {
          ...(query.processModeleId ? { processModeleIds: [query.processModeleId] } : {}),
          ...(query.etat ? { etat: [query.etat] } : {}),
          ...(query.search ? { search: query.search } : {}),
        },
        sort: { key: 'numero', order: 'desc' },
        perPage: query.perPage,
        offset: query.offset,
        cursor: null,
      }),
    { listStatement: true },
  ),
];

import { API } from '@app/contracts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { searchProcesses } from './process-search.repository.ts';

const S = API.processSearch;

/** The lists (variants, filters, sorts, cursor): one prepared statement per page, written as JSON by PostgreSQL's text. */
export const processSearchRoutes: RouteDef[] = [
  route(S.search, async ({ tx, caller }, { query, body }) => searchProcesses(tx, caller, body, query.tz), { listStatement: true }),
  route(
    S.processes,
    async ({ tx, caller }, { query }) =>
      searchProcesses(
        tx,
        caller,
        {
          variant: query.variant,
          filters: {},
          sort: { key: 'numero', order: 'desc' },
          perPage: query.perPage,
          offset: 0,
          cursor: query.cursor ?? null,
        },
        query.tz,
      ),
    { listStatement: true },
  ),
];

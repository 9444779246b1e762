import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { LIST_VARIANT_KEYS, ProcessSearch, ProcessSearchResult, TimeZoneQuery } from './process-search.schema.ts';

const read = { kind: 'ability', action: 'read', subject: 'Process' } as const;
export const processSearchEndpoints = {
  search: endpoint({
    method: 'POST',
    path: '/api/process/search_by_paging',
    summary: "Recherche paginée des processus (variante de liste, filtres, tri ; curseur pour toute profondeur ; tz : fuseau d'affichage)",
    tag: 'Listes',
    query: TimeZoneQuery,
    body: ProcessSearch,
    response: ProcessSearchResult,
    access: read,
  }),
  processes: endpoint({
    method: 'GET',
    path: '/api/processes',
    summary: 'Processus de la liste demandée (variant), par page',
    tag: 'Listes',
    query: TimeZoneQuery.extend({
      variant: z.enum(LIST_VARIANT_KEYS).optional(),
      perPage: z.coerce.number().int().min(1).max(1000).default(100),
      cursor: z.string().max(500).optional(),
    }),
    response: ProcessSearchResult,
    access: read,
  }),
};

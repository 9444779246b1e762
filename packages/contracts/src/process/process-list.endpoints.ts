import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ProcessListRow, ProcessPageQuery } from './process-list.schema.ts';

export const processListEndpoints = {
  byPaging: endpoint({
    method: 'GET',
    path: '/api/process/get_by_paging',
    summary: "Processus de l'entreprise, les plus récents d'abord (offset, perPage ; filtres workflow, état, recherche)",
    tag: 'Processus',
    query: ProcessPageQuery,
    // The lists' answer: the total is exact up to EXACT_COUNT_LIMIT, a lower bound beyond (totalExact false).
    response: z.object({
      items: z.array(ProcessListRow),
      total: z.number().int(),
      totalExact: z.boolean(),
      offset: z.number().int(),
      perPage: z.number().int(),
    }),
    access: { kind: 'ability', action: 'read', subject: 'Process' },
  }),
};

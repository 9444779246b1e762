import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ref } from '../common/references.ts';
import { PROCESS_ETATS } from './transitions.ts';

/** A row of the process lists (spec section 3, process list row). */
export const ProcessListRow = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  nomProcess: z.string(),
  description: z.string().nullable(),
  equipementLastItemString: z.string().nullable(),
  firstPrestataireLibelle: z.string().nullable(),
  processModeleId: z.number().int(),
  processModeleLibelle: z.string(),
  preparateur: z.string().nullable(),
  /** Dates as yyyymmdd integers (Europe/Paris), for sorting and compact display. */
  dateDebutInteger: z.number().int().nullable(),
  dateFinInteger: z.number().int().nullable(),
  latestStatus: z.string().nullable(),
  origin: z.string().nullable(),
  nameConsignation: z.string().nullable(),
  niveaux: z.number().int(),
  etat: z.enum(PROCESS_ETATS),
  articles: z.string().nullable(),
  quantity: z.number().nullable(),
  fournisseur: z.string().nullable(),
  dateSouhaitee: z.string().nullable(),
  currentEtapeOrdre: z.number().int().nullable(),
  /** Waiting for another process (sequencing): shown as sequenced, after the free ones. */
  lockedProcess: z.boolean(),
  lastModifyAt: z.string(),
});

export const ProcessPageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(1000).default(100),
  processModeleId: ref('workflow').optional(),
  etat: z.enum(PROCESS_ETATS).optional(),
  search: z.string().trim().max(100).optional(),
});

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

import { z } from 'zod';
import { ref } from '../common/references.ts';
import { PROCESS_ETATS } from './transitions.ts';

export { latestStatusOf, PROCESS_ETAT_LABELS, statusLabel } from './etat-labels.ts';

/** A row of the process lists (spec section 3, process list row). */
export const ProcessListRow = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  nomProcess: z.string(),
  /** Not stored yet: always null. */
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
  /** Origin of a reading or maintenance process (relevés, maintenance modules); null until they write it. */
  origin: z.string().nullable(),
  /** The lockout type's label (TYPE_CONSIGNATION), null without a type. */
  nameConsignation: z.string().nullable(),
  /** Habilitation level(s) of a habilitation process: the codes of its process habilitations (« B1V, BR »), or null. */
  niveaux: z.string().nullable(),
  etat: z.enum(PROCESS_ETATS),
  /** A stock request's articles, quantity, supplier and wished date (stock module); null until it writes them. */
  articles: z.string().nullable(),
  quantity: z.number().nullable(),
  fournisseur: z.string().nullable(),
  /** An instant (ISO 8601). */
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

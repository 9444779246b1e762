import { z } from 'zod';
import { ref } from '../common/references.ts';
import { PROCESS_ETATS, type ProcessEtat } from './transitions.ts';

/** French labels of a process's state: list rows, the boards' state counts, the web. */
export const PROCESS_ETAT_LABELS: Record<ProcessEtat, string> = { en_cours: 'En cours', termine: 'Terminé', inactif: 'Inactif' };

/** The status a list row carries (latestStatus): its current step's name while running, its state once ended or inactive. */
export function latestStatusOf(etat: ProcessEtat, etapeNom: string | null): string | null {
  return etat === 'en_cours' ? etapeNom : (PROCESS_ETAT_LABELS[etat] ?? etapeNom);
}

/**
 * The status shown in lists and boards: the current step (or the state), with the register status code when one
 * was set (« Inactif (ART) »). The codes' meanings are not defined by the spec: they are shown as they are.
 */
export function statusLabel(row: { status: string | null; latestStatus: string | null; etat: ProcessEtat }): string {
  const base = row.latestStatus ?? PROCESS_ETAT_LABELS[row.etat];
  return row.status && row.status !== base ? `${base} (${row.status})` : base;
}

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
  niveaux: z.number().int(),
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

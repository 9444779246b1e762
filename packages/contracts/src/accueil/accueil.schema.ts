import { z } from 'zod';
import { TimeZoneQuery } from '../process/process-search.schema.ts';
import { PROCESS_ETATS } from '../process/transitions.ts';

/** Counts of the home stop here: beyond, the home says « plus de 99 » (totalExact false). */
export const ACCUEIL_COUNT_LIMIT = 99;
/** Entries listed per section of the home (the most recently changed first). */
export const ACCUEIL_ITEMS = 20;
/** Without a recorded visit, « what changed » covers this many days. */
export const ACCUEIL_DEFAULT_SINCE_DAYS = 7;

/** A process as the home lists it: enough to say what it is, where it stands, and to link to it. */
export const AccueilProcess = z.object({
  id: z.number().int(),
  /** Stored times 100: divide by 100 to show it. */
  numero: z.number().int(),
  nomProcess: z.string(),
  processModele: z.object({ id: z.number().int(), libelle: z.string(), package: z.string().nullable() }),
  etat: z.enum(PROCESS_ETATS),
  /** The current step (null once the process is done or inactive). */
  etape: z.object({ id: z.number().int(), ordre: z.number().int(), nom: z.string() }).nullable(),
  dateDebut: z.string().nullable(),
  dateFin: z.string().nullable(),
  lastModifyAt: z.string(),
  /** Who changed it last (null when unknown or not readable by the caller). */
  lastModifyBy: z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() }).nullable(),
  /** The company the process belongs to (a contractor's home lists its clients' processes). */
  entreprise: z.object({ id: z.number().int(), nom: z.string().nullable() }),
});
export type AccueilProcess = z.infer<typeof AccueilProcess>;

/** One section of the home: its first entries and how many there are (bounded: `totalExact` false beyond the limit). */
export const AccueilSection = z.object({
  items: z.array(AccueilProcess),
  total: z.number().int(),
  totalExact: z.boolean(),
});

export const Accueil = z.object({
  /** The server's time of this read: « marquer comme vu » sends it back, so nothing changed since is missed. */
  at: z.string(),
  /** What changed is counted from here (the last visit marked, or ACCUEIL_DEFAULT_SINCE_DAYS days ago). */
  since: z.string(),
  /** The last visit marked (null: never). */
  lastVisit: z.string().nullable(),
  /** False when the caller may not read processes: every section is then empty. */
  readsProcesses: z.boolean(),
  /** Current steps waiting for the caller's signature or validation. */
  aSigner: AccueilSection,
  /** The caller's processes in progress (created by them or in their charge), with their counts by state. */
  mesProcessus: AccueilSection.extend({
    parEtat: z.object(
      Object.fromEntries(PROCESS_ETATS.map((e) => [e, z.number().int()])) as Record<(typeof PROCESS_ETATS)[number], z.ZodNumber>,
    ),
  }),
  /** Lockouts and permits in progress whose window covers today. */
  aujourdhui: AccueilSection,
  /** Processes the caller is involved in, changed by someone else since the last visit. */
  nouveautes: AccueilSection,
});
export type Accueil = z.infer<typeof Accueil>;

export const AccueilQuery = TimeZoneQuery;

export const AccueilSeen = z.object({
  /** The `at` of the home read: what changed after it stays new. Default: now. */
  at: z.iso.datetime({ offset: true, message: 'Date et heure attendues (ISO 8601)' }).max(40).optional(),
});
export const AccueilSeenResponse = z.object({ lastVisit: z.string() });

/**
 * The colour of a cell of the person × symbol matrix, and its words: a holding is valid, expires within the warning
 * window (60 days), has expired (recyclage date passed), lacks its medical attestation (décret 2025-355: none needed
 * for B0/H0), waits for its signatures, or was revoked. Never colour alone: each status has an icon and a label.
 */
export const HABILITATION_STATUSES = ['valide', 'bientot', 'expire', 'medical', 'attente', 'revoque'] as const;
export type HabilitationStatus = (typeof HABILITATION_STATUSES)[number];

type Echeance = 'valide' | 'expire_bientot' | 'expire';

/** A holding as the matrix reads it (the server's states), with the person's medical attestation. */
export interface HoldingState {
  /** Recyclage state of the holding (the server's, on today's date in Paris). */
  etat: Echeance;
  /** State of its title: a draft waits for signatures; a revoked or replaced one no longer counts. */
  etatTitre: 'brouillon' | 'signe' | 'revoque' | 'remplace' | null;
  dateEcheance: string | null;
  /** The symbol needs a medical attestation (false for B0/H0). */
  medicalRequis: boolean;
  /** The person's attestation; null when the reader may not see medical follow-up (then it is not judged). */
  medical: { etat: Echeance | 'absente'; validUntil: string | null } | null;
}

export interface CellStatus {
  status: HabilitationStatus;
  /** The day that decides the status (recyclage due date or attestation end), if any. */
  until: string | null;
  /** What the warning or expiry is about. */
  reason: 'recyclage' | 'medical' | null;
}

/** The status of one holding: revoked, expired, medical attestation missing or expired, awaiting signatures, expiring, valid. */
export function cellStatus(h: HoldingState): CellStatus {
  const recyclage = h.dateEcheance;
  if (h.etatTitre === 'revoque' || h.etatTitre === 'remplace') return { status: 'revoque', until: null, reason: null };
  if (h.etat === 'expire') return { status: 'expire', until: recyclage, reason: 'recyclage' };
  const med = h.medicalRequis ? h.medical : null;
  if (med && (med.etat === 'expire' || med.etat === 'absente')) return { status: 'medical', until: med.validUntil, reason: 'medical' };
  if (h.etatTitre === 'brouillon') return { status: 'attente', until: recyclage, reason: null };
  // The earlier of the two ends decides what the warning is about.
  const medSoon = med?.etat === 'expire_bientot' ? med.validUntil : null;
  if (h.etat === 'expire_bientot' && (!medSoon || (recyclage ?? '') <= medSoon))
    return { status: 'bientot', until: recyclage, reason: 'recyclage' };
  if (medSoon) return { status: 'bientot', until: medSoon, reason: 'medical' };
  return { status: 'valide', until: recyclage, reason: recyclage ? 'recyclage' : null };
}

/** Mantine colour of each status (the legend shows the same with its icon and label). */
export const STATUS_COLOR: Record<HabilitationStatus, string> = {
  valide: 'teal',
  bientot: 'orange',
  expire: 'red',
  medical: 'grape',
  attente: 'blue',
  revoque: 'gray',
};

/** Worst first: a person's summary takes the worst status of their holdings. */
const SEVERITY: HabilitationStatus[] = ['expire', 'medical', 'bientot', 'attente', 'valide', 'revoque'];

/** The worst of several statuses (null for none). */
export function worstStatus(statuses: HabilitationStatus[]): HabilitationStatus | null {
  for (const s of SEVERITY) if (statuses.includes(s)) return s;
  return null;
}

/** How many cells of each status (for the legend's counts). */
export function countStatuses(statuses: HabilitationStatus[]): Record<HabilitationStatus, number> {
  const out = Object.fromEntries(HABILITATION_STATUSES.map((s) => [s, 0])) as Record<HabilitationStatus, number>;
  for (const s of statuses) out[s] += 1;
  return out;
}

/** Today in Europe/Paris as yyyy-MM-dd. */
export function todayInParis(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

interface VisiteLike {
  type: string;
  date: string;
  resultat: string | null;
  validUntil: string | null;
  annuleeAt: string | null;
  etat: 'valide' | 'expire_bientot' | 'expire' | 'annulee';
}

/**
 * The medical attestation that counts for a person (décret 2025-355: an attestation de non contre-indication, or an
 * earlier SIR fitness certificate), not cancelled nor unfavourable, the one ending last; and its state.
 */
export function attestationOf<V extends VisiteLike>(
  visites: readonly V[],
): { visite: V | null; medical: NonNullable<HoldingState['medical']> } {
  const counted = visites.filter(
    (v) => (v.type === 'attestation' || v.type === 'sir') && !v.annuleeAt && v.etat !== 'annulee' && v.resultat !== 'defavorable',
  );
  const best = [...counted].sort(
    (a, b) => (b.validUntil ?? '9999-12-31').localeCompare(a.validUntil ?? '9999-12-31') || b.date.localeCompare(a.date),
  )[0];
  if (!best || best.etat === 'annulee') return { visite: null, medical: { etat: 'absente', validUntil: null } };
  return { visite: best, medical: { etat: best.etat, validUntil: best.validUntil } };
}

/**
 * The colour of a cell of the person × symbol matrix, and its words: a holding is valid, expires within the warning
 * window (60 days), has expired (recyclage date passed), lacks its medical attestation (décret 2025-355: none needed
 * for B0/H0), waits for its signatures, or was revoked. Never colour alone: each status has an icon and a label.
 */
export const HABILITATION_STATUSES = ['valide', 'bientot', 'expire', 'medical', 'attente', 'revoque'] as const;
export type HabilitationStatus = (typeof HABILITATION_STATUSES)[number];

/** Days before a recyclage or an attestation ends during which the cell warns. */
export const WARNING_DAYS = 60;

export interface HoldingDates {
  /** yyyy-MM-dd (or an ISO instant): the day the recyclage is due; null when the title sets none. */
  dateExpiration: string | null;
  /** The symbol needs a medical attestation (false for B0/H0). */
  medicalRequired: boolean;
  /** yyyy-MM-dd: the end of the person's attestation; null when they have none. */
  medicalValidUntil: string | null;
  /** Both signatures (employer, holder) are on the title. */
  signed: boolean;
  revoked: boolean;
}

export interface CellStatus {
  status: HabilitationStatus;
  /** The day that decides the status (the earlier of recyclage and attestation ends), if any. */
  until: string | null;
  /** What the warning or expiry is about. */
  reason: 'recyclage' | 'medical' | null;
}

const dayOf = (v: string) => v.slice(0, 10);

/** yyyy-MM-dd plus n days (calendar days, no time zone involved). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

/** The status of one holding on a given day (yyyy-MM-dd, Europe/Paris). A date is valid through its own day. */
export function cellStatus(h: HoldingDates, today: string): CellStatus {
  if (h.revoked) return { status: 'revoque', until: null, reason: null };
  const recyclage = h.dateExpiration ? dayOf(h.dateExpiration) : null;
  const medical = h.medicalValidUntil ? dayOf(h.medicalValidUntil) : null;
  if (recyclage && recyclage < today) return { status: 'expire', until: recyclage, reason: 'recyclage' };
  if (h.medicalRequired && (!medical || medical < today)) return { status: 'medical', until: medical, reason: 'medical' };
  if (!h.signed) return { status: 'attente', until: recyclage, reason: null };
  const limit = addDays(today, WARNING_DAYS);
  const soonest = [
    recyclage ? { day: recyclage, reason: 'recyclage' as const } : null,
    h.medicalRequired && medical ? { day: medical, reason: 'medical' as const } : null,
  ]
    .filter((x) => x !== null)
    .sort((a, b) => a.day.localeCompare(b.day))[0];
  if (soonest && soonest.day <= limit) return { status: 'bientot', until: soonest.day, reason: soonest.reason };
  return { status: 'valide', until: soonest?.day ?? null, reason: soonest?.reason ?? null };
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

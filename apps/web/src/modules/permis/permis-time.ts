import { formatDate, formatTime } from '@app/contracts';

// What the permit screen shows of time: the validity window and the fire watch after hot work. The server keeps the
// times (start, end, the watch's start and duration, the checks signed); these functions only read them at a given
// instant, which the screen gives (the clock is injectable: tests pass a fixed instant, nothing here reads the time).

const MINUTE = 60_000;

/** Where a permit stands in its validity window at an instant. */
export type ValidityState = 'sans_fenetre' | 'a_venir' | 'valide' | 'bientot' | 'expire';

export interface ValidityView {
  state: ValidityState;
  /** Until the start ('a_venir'), until the end ('valide', 'bientot'), since the end ('expire'); 0 otherwise (ms). */
  ms: number;
}

/** The last stretch of a window in which « expire dans … » turns orange: 2 hours, or the last fifth of a short window. */
export const EXPIRES_SOON_MS = 120 * MINUTE;

function instant(v: string | null | undefined): number | null {
  if (!v) return null;
  const t = Date.parse(v);
  return Number.isNaN(t) ? null : t;
}

/** The validity state of a window [debut, fin] at `now` (ms since the epoch); an open end is 'sans_fenetre'. */
export function validityOf(debut: string | null | undefined, fin: string | null | undefined, now: number): ValidityView {
  const start = instant(debut);
  const end = instant(fin);
  if (end === null) return { state: 'sans_fenetre', ms: 0 };
  if (start !== null && now < start) return { state: 'a_venir', ms: start - now };
  if (now >= end) return { state: 'expire', ms: now - end };
  const soon = start === null ? EXPIRES_SOON_MS : Math.min(EXPIRES_SOON_MS, Math.max(MINUTE, (end - start) / 5));
  return { state: end - now <= soon ? 'bientot' : 'valide', ms: end - now };
}

/** A duration as its whole days, hours and minutes (rounded up to the minute: « 0 min » only when nothing is left). */
export function durationParts(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.ceil(Math.max(0, ms) / MINUTE);
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

/** « 2 j 4 h », « 1 h 05 min », « 12 min »: the two largest units, French abbreviations (the same in English). */
export function formatDuration(ms: number): string {
  const { days, hours, minutes } = durationParts(ms);
  if (days > 0) return hours > 0 ? `${days} j ${hours} h` : `${days} j`;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, '0')} min`;
  return `${minutes} min`;
}

/** « 01:59:30 » / « 29:30 »: the fire watch's countdown, whole seconds rounded up so that 00:00 means it is over. */
export function formatClock(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${p(m)}:${p(s)}` : `${p(m)}:${p(s)}`;
}

/** How a check of the fire watch shows: signed, not yet signable, to sign now, or late. */
export type CheckState = 'fait' | 'a_venir' | 'du' | 'en_retard';

/** A check is late this long after its time (a round a few minutes late is only « à faire »). */
export const CHECK_LATE_AFTER_MS = 5 * MINUTE;

export interface CheckView {
  /** 1-based, in order (the server's check number). */
  numero: number;
  dueAt: string;
  state: CheckState;
}

/**
 * The checks of a fire watch as the screen shows them at `now`: the server's schedule (`echeances`, check n due at
 * echeances[n-1]) and the numbers already signed. A check may be signed `earlyMinutes` before its time (the
 * contracts' CONTROLE_AVANCE_MINUTES): before that it is 'a_venir'; then 'du'; 'en_retard' CHECK_LATE_AFTER_MS after.
 */
export function checksOf(echeances: readonly string[], signes: readonly number[], now: number, earlyMinutes: number): CheckView[] {
  const done = new Set(signes);
  return echeances.map((dueAt, i) => {
    const numero = i + 1;
    const due = instant(dueAt) ?? now;
    const state: CheckState = done.has(numero)
      ? 'fait'
      : now < due - earlyMinutes * MINUTE
        ? 'a_venir'
        : now <= due + CHECK_LATE_AFTER_MS
          ? 'du'
          : 'en_retard';
    return { numero, dueAt, state };
  });
}

/** Time left before an instant (ISO 8601), never below 0 (ms); 0 for none. */
export function remainingUntil(fin: string | null | undefined, now: number): number {
  const end = instant(fin);
  return end === null ? 0 : Math.max(0, end - now);
}

/** dd/MM/yy HH:mm in Europe/Paris, '' for none. */
export function formatDateTime(v: string | null | undefined): string {
  return v ? `${formatDate(v)} ${formatTime(v)}` : '';
}

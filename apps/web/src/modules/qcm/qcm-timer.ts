// The countdown of an attempt. The server keeps the clock (its deadline is the only one that counts: an answer after it
// is refused); the screen shows the time left from that deadline, corrected by the gap between the server's clock and
// the device's, measured when the attempt was received.

/** The moments (time left, in ms) at which a screen reader is told the time left: not every second. */
export const ANNOUNCE_AT_MS = [10 * 60_000, 5 * 60_000, 60_000, 30_000, 10_000] as const;

/** The gap to add to the device's clock to read the server's (serverNow: the server's time when it answered). */
export function clockOffset(serverNow: string | null | undefined, receivedAt: number): number {
  if (!serverNow) return 0;
  const s = Date.parse(serverNow);
  return Number.isNaN(s) ? 0 : s - receivedAt;
}

/** Time left before the server's deadline, never below 0 (ms); null when the attempt has no time limit. */
export function remainingMs(deadline: string | null | undefined, deviceNow: number, offset = 0): number | null {
  if (!deadline) return null;
  const d = Date.parse(deadline);
  if (Number.isNaN(d)) return null;
  return Math.max(0, d - (deviceNow + offset));
}

/** « 12:05 », « 1:02:09 »: whole seconds rounded up, so that 00:00 means the time is over. */
export function formatRemaining(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const p = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${p(m)}:${p(s)}` : `${p(m)}:${p(s)}`;
}

export type TimerLevel = 'normal' | 'warning' | 'danger' | 'over';

/** The colour of the countdown: orange in the last 5 minutes (or last fifth), red in the last minute. */
export function timerLevel(ms: number, durationMs: number | null): TimerLevel {
  if (ms <= 0) return 'over';
  if (ms <= 60_000) return 'danger';
  const warnAt = durationMs ? Math.min(5 * 60_000, durationMs / 5) : 5 * 60_000;
  return ms <= warnAt ? 'warning' : 'normal';
}

/**
 * The announcement threshold crossed between two readings of the time left (the smallest one crossed, when a tab
 * asleep skipped several), or null. A first reading (previous null) announces nothing: the time is shown at start.
 */
export function crossedThreshold(previousMs: number | null, currentMs: number): number | null {
  if (previousMs === null) return null;
  const crossed = ANNOUNCE_AT_MS.filter((t) => previousMs > t && currentMs <= t);
  return crossed.length ? Math.min(...crossed) : null;
}

/** What the live region says at a threshold, as minutes or seconds left. */
export function announcementParts(thresholdMs: number): { unit: 'minutes' | 'seconds'; count: number } {
  return thresholdMs >= 60_000
    ? { unit: 'minutes', count: Math.round(thresholdMs / 60_000) }
    : { unit: 'seconds', count: Math.round(thresholdMs / 1000) };
}

import { DEFAULT_TIMEZONE } from './constants.ts';

// Building an Intl.DateTimeFormat is costly: one per time zone, reused for every date shown.
const formatters = new Map<string, Intl.DateTimeFormat>();

function parts(d: Date, timeZone: string) {
  const f =
    formatters.get(timeZone) ??
    new Intl.DateTimeFormat('fr-FR', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
  formatters.set(timeZone, f);
  const o: Record<string, string> = {};
  for (const p of f.formatToParts(d)) o[p.type] = p.value;
  return o;
}

/** Minutes to add to UTC to read the wall clock of a time zone at an instant (+60 in Paris in winter). */
export function zoneOffsetMinutes(at: number, timeZone: string): number {
  const p = parts(new Date(at), timeZone);
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((wall - Math.floor(at / 1000) * 1000) / 60_000);
}

/**
 * The instant (ISO 8601, UTC) of a wall-clock day and time in a time zone (Europe/Paris by default): « 2026-11-24 »
 * and « 14:30 » → 2026-11-24T13:30:00.000Z. A time skipped by the spring change counts as the next valid one
 * (the offset before the change). Null for a day or time that is not one.
 */
export function zonedInstant(day: string, time = '00:00', timeZone = DEFAULT_TIMEZONE): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const t = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi, s] = [d[1], d[2], d[3], t[1], t[2], t[3] ?? '0'].map(Number);
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59 || s > 59) return null;
  const wall = Date.UTC(y, mo - 1, da, h, mi, s);
  if (new Date(wall).getUTCDate() !== da) return null;
  // The offset at the wall time read as UTC, then at the instant it gives (they differ only around a change).
  const first = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  const second = wall - zoneOffsetMinutes(first, timeZone) * 60_000;
  return new Date(zoneOffsetMinutes(second, timeZone) === zoneOffsetMinutes(first, timeZone) ? second : first).toISOString();
}

/** dd/MM/yy in the given time zone (Europe/Paris by default). */
export function formatDate(value: Date | string | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  if (!value) return '';
  const p = parts(new Date(value), timeZone);
  return `${p.day}/${p.month}/${p.year.slice(-2)}`;
}
/** HH:mm in the given time zone. */
export function formatTime(value: Date | string | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  if (!value) return '';
  const p = parts(new Date(value), timeZone);
  return `${p.hour}:${p.minute}`;
}
/** YYYY-MM-DD HH:mm:ss in the given time zone. */
export function formatFull(value: Date | string | null | undefined, timeZone = DEFAULT_TIMEZONE): string {
  if (!value) return '';
  const p = parts(new Date(value), timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

const knownZones = new Map<string, boolean>();
/** True for an IANA time zone name the runtime knows (Europe/Paris, UTC…). */
export function isTimeZone(tz: string): boolean {
  let ok = knownZones.get(tz);
  if (ok === undefined) {
    try {
      new Intl.DateTimeFormat('fr-FR', { timeZone: tz });
      ok = /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(tz);
    } catch {
      ok = false;
    }
    if (knownZones.size < 1000) knownZones.set(tz, ok);
  }
  return ok;
}

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

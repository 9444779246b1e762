import { zonedMidnight } from '@app/contracts';

/** yyyy-MM-dd of an instant in a time zone (the value of a date input). */
export function dayOf(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/** Local midnight of a yyyy-MM-dd day, plus `days`, as ISO 8601. */
export function midnightOf(day: string, timeZone: string, days = 0): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return undefined;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + days));
  return zonedMidnight(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate(), timeZone).toISOString();
}

/** yyyymmdd integer of the list rows → dd/MM/yy. */
export function formatDateInteger(v: number | null): string {
  if (!v) return '';
  const s = String(v);
  return `${s.slice(6, 8)}/${s.slice(4, 6)}/${s.slice(2, 4)}`;
}

/**
 * A day typed as dd/MM/yy or dd/MM/yyyy (separators / . -), with HH:mm after it when `withTime` → the date inputs'
 * value (yyyy-MM-dd, or yyyy-MM-dd HH:mm:ss); null while incomplete or impossible (31/02). A two-digit year is of this
 * century, or of the last when that would put it more than 20 years ahead (a birth date).
 */
export function parseDayText(text: string, withTime: boolean, today = new Date()): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s+(\d{1,2})[:hH](\d{2}))?\s*$/.exec(text);
  if (!m) return null;
  const [, dd, mm, yy, hh, mi] = m;
  let year = Number(yy);
  if (yy?.length === 2) {
    year += 2000;
    if (year > today.getFullYear() + 20) year -= 100;
  }
  const month = Number(mm);
  const day = Number(dd);
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  const ymd = `${year}-${p(month)}-${p(day)}`;
  if (!withTime) return ymd;
  const hour = hh === undefined ? 0 : Number(hh);
  const minute = mi === undefined ? 0 : Number(mi);
  if (hour > 23 || minute > 59) return null;
  return `${ymd} ${p(hour)}:${p(minute)}:00`;
}

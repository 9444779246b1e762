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

import { DEFAULT_TIMEZONE } from './constants.ts';
import { zoneOffsetMinutes } from './date.ts';

/** Date-range shortcuts of the lists (spec section 2). Sliding ranges start today. */
export const DATE_PRESETS = [
  { code: 'today', libelle: "Aujourd'hui" },
  { code: 'tomorrow', libelle: 'Demain' },
  { code: 'current_week', libelle: 'Semaine en cours' },
  { code: 'next_week', libelle: 'Semaine prochaine' },
  { code: 'sliding_week', libelle: 'Semaine glissante' },
  { code: 'sliding_next_week', libelle: 'Semaine glissante suivante' },
  { code: 'current_month', libelle: 'Mois en cours' },
  { code: 'sliding_month', libelle: 'Mois glissant' },
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number]['code'];

/** The instant of local midnight of a calendar day in a time zone. */
export function zonedMidnight(y: number, m: number, d: number, timeZone: string): Date {
  const guess = Date.UTC(y, m - 1, d);
  let t = guess - zoneOffsetMinutes(guess, timeZone) * 60000;
  t = guess - zoneOffsetMinutes(t, timeZone) * 60000;
  return new Date(t);
}

/** The calendar day (y, m, d, weekday 1 = Monday) of an instant in a time zone. */
function localDay(at: Date, timeZone: string) {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', weekday: 'short' })
      .formatToParts(at)
      .map((x) => [x.type, x.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(p.weekday) + 1;
  return { y: Number(p.year), m: Number(p.month), d: Number(p.day), weekday };
}

/** A range [from, to) of instants for a preset, in the company's time zone (Europe/Paris by default). */
export function datePresetRange(preset: DatePreset, now: Date = new Date(), timeZone = DEFAULT_TIMEZONE): { from: string; to: string } {
  const { y, m, d, weekday } = localDay(now, timeZone);
  const day = (offset: number) => {
    const c = new Date(Date.UTC(y, m - 1, d + offset));
    return zonedMidnight(c.getUTCFullYear(), c.getUTCMonth() + 1, c.getUTCDate(), timeZone);
  };
  const monday = 1 - weekday;
  const ranges: Record<DatePreset, [Date, Date]> = {
    today: [day(0), day(1)],
    tomorrow: [day(1), day(2)],
    current_week: [day(monday), day(monday + 7)],
    next_week: [day(monday + 7), day(monday + 14)],
    sliding_week: [day(0), day(7)],
    sliding_next_week: [day(7), day(14)],
    current_month: [zonedMidnight(y, m, 1, timeZone), zonedMidnight(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1, timeZone)],
    sliding_month: [day(0), day(30)],
  };
  const [from, to] = ranges[preset];
  return { from: from.toISOString(), to: to.toISOString() };
}

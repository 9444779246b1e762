// Time rules of a step (its configuration's timeRules), checked by the server when the step is signed and shown by
// the web on the step: the process's window has started, has not ended, or a duration has passed since the previous
// signature (the fire watch after hot work). And for every process: it is not closed before its start.
import { z } from 'zod';
import { DEFAULT_TIMEZONE, ETAT_ETAPE } from '../common/constants.ts';
import { formatDate, formatTime } from '../common/date.ts';

export const TimeRules = z.object({
  /** The process's start (dateDebut) has come: now ≥ dateDebut. */
  afterStart: z.boolean().optional(),
  /** The process's end (dateFin) has not passed: now ≤ dateFin. */
  beforeEnd: z.boolean().optional(),
  /** Minutes to wait after the previous signature of the process (1 min to 7 days). */
  minutesAfterPrevious: z.number().int().min(1).max(10_080).nullable().optional(),
});
export type TimeRulesValue = z.infer<typeof TimeRules>;

/** What the rules read of the process. */
export interface TimeWindow {
  dateDebut: string | Date | null;
  dateFin: string | Date | null;
}

export type TimeRuleKey = 'afterStart' | 'beforeEnd' | 'minutesAfterPrevious' | 'closeAfterStart';
/** A refusal: which rule, from/until when (ISO 8601), and the French sentence to show. */
export interface TimeRuleRefusal {
  rule: TimeRuleKey;
  at: string | null;
  message: string;
}

const when = (d: Date, tz: string) => `${formatDate(d, tz)} à ${formatTime(d, tz)}`;
const asDate = (v: string | Date | null | undefined) => (v ? new Date(v) : null);

/** The rules of a step's configuration (config.timeRules), read leniently: anything else means none. */
export function timeRulesOf(config: Readonly<Record<string, unknown>> | null | undefined): TimeRulesValue {
  const r = TimeRules.safeParse(config?.timeRules ?? {});
  return r.success ? r.data : {};
}

/**
 * Whether the step may be signed now. `lastSignatureAt`: when the process's previous step was signed (null: none
 * yet, no wait); `closing`: this signature ends the process (its last step). Returns the first rule refused, or null.
 * A step that must wait for the start refuses while the process has no start date; a process without an end date
 * never ends for `beforeEnd`.
 */
export function checkTimeRules(
  config: TimeRulesValue,
  process: TimeWindow,
  lastSignatureAt: string | Date | null,
  now: Date,
  options: { closing?: boolean; timeZone?: string } = {},
): TimeRuleRefusal | null {
  const tz = options.timeZone ?? DEFAULT_TIMEZONE;
  const debut = asDate(process.dateDebut);
  const fin = asDate(process.dateFin);
  if (config.afterStart) {
    if (!debut)
      return {
        rule: 'afterStart',
        at: null,
        message: 'Signature impossible : cette étape attend le début du processus, qui n’a pas de date de début.',
      };
    if (now < debut)
      return {
        rule: 'afterStart',
        at: debut.toISOString(),
        message: `Signature impossible avant le début du processus : possible à partir du ${when(debut, tz)}.`,
      };
  }
  if (config.beforeEnd && fin && now > fin) {
    return {
      rule: 'beforeEnd',
      at: fin.toISOString(),
      message: `Signature impossible : la fin du processus est passée (le ${when(fin, tz)}).`,
    };
  }
  const last = asDate(lastSignatureAt);
  if (config.minutesAfterPrevious && last) {
    const from = new Date(last.getTime() + config.minutesAfterPrevious * 60_000);
    if (now < from)
      return {
        rule: 'minutesAfterPrevious',
        at: from.toISOString(),
        message: `Signature impossible avant ${config.minutesAfterPrevious} min après la signature précédente (${when(last, tz)}) : possible à partir du ${when(from, tz)}.`,
      };
  }
  if (options.closing && debut && now < debut) {
    return {
      rule: 'closeAfterStart',
      at: debut.toISOString(),
      message: `Ce processus ne peut pas être clôturé avant son début (le ${when(debut, tz)}).`,
    };
  }
  return null;
}

/** The rules of a step as sentences for the person who signs it (« Signature possible à partir du 24/11/26 à 14:30 »). */
export function describeTimeRules(
  config: TimeRulesValue,
  process: TimeWindow,
  lastSignatureAt: string | Date | null,
  timeZone = DEFAULT_TIMEZONE,
): string[] {
  const out: string[] = [];
  const debut = asDate(process.dateDebut);
  const fin = asDate(process.dateFin);
  if (config.afterStart)
    out.push(
      debut
        ? `Signature possible à partir du ${when(debut, timeZone)} (début du processus).`
        : 'Signature possible une fois la date de début du processus renseignée et atteinte.',
    );
  if (config.beforeEnd && fin) out.push(`Signature possible jusqu’au ${when(fin, timeZone)} (fin du processus).`);
  if (config.minutesAfterPrevious) {
    const last = asDate(lastSignatureAt);
    out.push(
      last
        ? `Signature possible à partir du ${when(new Date(last.getTime() + config.minutesAfterPrevious * 60_000), timeZone)} (${config.minutesAfterPrevious} min après la signature précédente).`
        : `Signature possible ${config.minutesAfterPrevious} min après la signature précédente.`,
    );
  }
  return out;
}

/** When the process's previous step was signed: the latest validation among its signed steps (a skipped step is not one). */
export function lastSignatureOf(steps: readonly { isValid: boolean; dateRealise: string | null; etat?: number }[]): string | null {
  let best: string | null = null;
  for (const s of steps) {
    if (s.etat === ETAT_ETAPE.stepChanged) continue;
    if (s.isValid && s.dateRealise && (!best || new Date(s.dateRealise) > new Date(best))) best = s.dateRealise;
  }
  return best;
}

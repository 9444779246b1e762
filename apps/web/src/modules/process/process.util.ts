import {
  ETAT_ETAPE,
  formatDate,
  formatTime,
  isRoundField,
  type Metrique,
  PROCESS_ETAT_LABELS,
  type ProcessEtat,
  roundSummaryText,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { type CodeLabel, frenchCodeLabel } from '../../lib/labels.ts';
import type { ProcessData } from './process.queries.ts';

export type StepView = {
  id: number;
  nom: string;
  ordre: number;
  /** The state shown on the timeline: a step state id (ETAT_ETAPE), « current » or « returnedCurrent » (codes.stepState). */
  state: string;
  /** Its label in the language shown. */
  label: string;
  current: boolean;
  done: boolean;
  dateRealise: string | null;
  canForward: boolean;
  canReturn: boolean;
};

/** The steps of a process in order, with the state each shows (the current one « En cours »), named by `label`. */
export function stepViews(p: ProcessData, label: CodeLabel = frenchCodeLabel): StepView[] {
  return [...p.steps]
    .sort((a, b) => a.ordre - b.ordre)
    .map((s) => {
      const d = p.processDetails.find((x) => x.etapeId === s.id);
      const current = p.etat === 'en_cours' && p.currentEtapeOrdre === s.ordre;
      const etat = d?.etat ?? ETAT_ETAPE.default;
      const state = current ? (etat === ETAT_ETAPE.reevaluated ? 'returnedCurrent' : 'current') : String(etat);
      return {
        id: s.id,
        nom: s.nom,
        ordre: s.ordre,
        state,
        label: label('stepState', state, `État ${etat}`),
        current,
        done: Boolean(d?.isValid),
        dateRealise: d?.dateRealise ?? null,
        canForward: s.config.canForward === true,
        canReturn: s.config.canReturn !== false,
      };
    });
}

/** The states' French labels are the contracts' (the server writes the same); screens name them with `codeLabel`. */
export { PROCESS_ETAT_LABELS as ETAT_LABELS } from '@app/contracts';
export const ETAT_COLORS: Record<ProcessEtat, string> = { en_cours: 'blue', termine: 'teal', inactif: 'gray' };

/** dd/MM/yy HH:mm in Europe/Paris, '' for none. */
export function formatDateTime(v: string | null | undefined): string {
  return v ? `${formatDate(v)} ${formatTime(v)}` : '';
}

/** A count of processes as shown under lists and boards: exact, or "plus de N" when the server stopped counting. */
export function processCountLabel(t: TFunction, total: number, exact: boolean): string {
  const n = total.toLocaleString(t('review.numberLocale'));
  return exact ? t('review.processCount', { count: total, n }) : t('review.processCountAtLeast', { n });
}

/** A date-time input's value (yyyy-MM-dd HH:mm:ss or yyyy-MM-ddTHH:mm, local time) → ISO 8601 for the API; null when empty. */
export function localToIso(v: string): string | null {
  if (!v) return null;
  const d = new Date(v.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

export interface OptionItem {
  value: string;
  label: string;
  /** The option id as the model stores it (string or number). */
  id: string | number;
}

/** A field's options in the session's language, without the excluded ids. */
export function optionsOf(f: Metrique, language: string): OptionItem[] {
  const excluded = new Set((f.propertyValues.excludedIds ?? []).map(String));
  return (f.propertyValues.options ?? [])
    .filter((o) => !excluded.has(String(o.id)))
    .map((o) => ({ value: String(o.id), id: o.id, label: o.libelles?.[language] || o.libelle || String(o.id) }));
}

/** The stored option id for a chosen string value (keeps numeric ids numeric). */
export function optionId(options: OptionItem[], value: string | null): string | number | null {
  if (value === null) return null;
  return options.find((o) => o.value === value)?.id ?? value;
}

/** Every field of a tree, groups' children included. */
export function flatten(fields: readonly Metrique[]): Metrique[] {
  return fields.flatMap((f) => [f, ...flatten(f.children ?? [])]);
}

/** Fields in form order. */
export function ordered(fields: readonly Metrique[]): Metrique[] {
  return [...fields].sort((a, b) => a.idx - b.idx || a.id - b.id);
}

/** Kinds whose values are sent in rawData (signatures and files have their own calls). */
export function sentAsData(f: Metrique, holds: (t: string) => boolean): boolean {
  return holds(f.dataType) && f.dataType !== 'signature' && f.dataType !== 'file';
}

/** Field id → French message, from a 400's detail [{champ: 'rawData.<id>', message}]. */
export function fieldErrorsOf(detail: unknown, required: string): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(detail)) return out;
  for (const d of detail as { champ?: unknown; message?: unknown }[]) {
    const m = typeof d.champ === 'string' ? /^rawData\.(\d+)$/.exec(d.champ) : null;
    if (m) out[m[1]] = required;
  }
  return out;
}

/** A {id, libelle} reference value (pickers), or null. */
export function asRef(v: unknown): { id: number | string; libelle: string } | null {
  if (v && typeof v === 'object' && !Array.isArray(v) && 'libelle' in v) {
    const r = v as { id?: unknown; libelle?: unknown };
    return { id: (r.id as number | string) ?? '', libelle: String(r.libelle ?? '') };
  }
  return null;
}
export function asRefs(v: unknown): { id: number | string; libelle: string }[] {
  const list = Array.isArray(v) ? v : v ? [v] : [];
  return list.map(asRef).filter((x): x is { id: number | string; libelle: string } => x !== null);
}

/** A short text for any stored value (read-only display). */
export function displayValue(v: unknown, f: Metrique, language: string): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Oui' : 'Non';
  // A reading field: its round's readings, one per line (journal, signed step).
  if (isRoundField(f.dataType)) return roundSummaryText(v, (n) => (n === 'alarm' ? 'alarme' : 'alerte')) || '—';
  const opts = optionsOf(f, language);
  if (opts.length) {
    const list = Array.isArray(v) ? v : [v];
    return list.map((x) => opts.find((o) => o.value === String(x))?.label ?? String(x)).join(', ') || '—';
  }
  if (f.dataType === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v)) {
    return `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(2, 4)}`;
  }
  const refs = asRefs(v);
  if (refs.length) return refs.map((r) => r.libelle).join(', ');
  if (Array.isArray(v)) return v.map(String).join(', ');
  if (typeof v === 'number') return `${v.toLocaleString('fr-FR')}${f.propertyValues.unit ? ` ${f.propertyValues.unit}` : ''}`;
  return String(v);
}

/** A badge of the process header after the state's. */
export interface HeaderBadge {
  kind: 'status' | 'step';
  text: string;
}

/**
 * The header's badges after the state's, none repeating the state nor each other: the register code when one is set
 * (« DECONS — Déconsigné »), the current step's name while running. A finished process shows « Terminé » once.
 */
export function headerBadges(
  p: { etat: ProcessEtat; status: string | null; latestStatus: string | null },
  etatLabel: string,
  statusText: (code: string) => string,
): HeaderBadge[] {
  const eq = (a: string, b: string) => a.localeCompare(b, 'fr', { sensitivity: 'base' }) === 0;
  // The server writes the state's French name as a status (« Terminé »): the same as the state in any language.
  const same = (a: string, b: string) => eq(a, b) || (b === etatLabel && eq(a, PROCESS_ETAT_LABELS[p.etat]));
  const out: HeaderBadge[] = [];
  if (p.status && !same(p.status, etatLabel) && !same(statusText(p.status), etatLabel))
    out.push({ kind: 'status', text: statusText(p.status) });
  const step = p.latestStatus;
  if (p.etat === 'en_cours' && step && !same(step, etatLabel) && !(p.status && same(step, p.status)))
    out.push({ kind: 'step', text: step });
  return out;
}

/** Longest process name kept in the browser tab's title (a tab shows about 30 characters). */
const TITLE_NAME_MAX = 30;

/** A process name for the page title: as is when short, else cut on a word with an ellipsis (« Soudure de la cuve… »). */
export function shortProcessName(nom: string): string {
  const name = nom.trim();
  if (name.length <= TITLE_NAME_MAX) return name;
  // One character more: a word ending exactly at the limit is kept whole.
  const space = name.slice(0, TITLE_NAME_MAX + 1).lastIndexOf(' ');
  return `${name.slice(0, space > TITLE_NAME_MAX / 2 ? space : TITLE_NAME_MAX).replace(/[\s,;:.–—-]+$/, '')}…`;
}

import { ETAT_ETAPE, formatDate, formatTime, type Metrique, type ProcessEtat } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ProcessData } from './process.queries.ts';

/** The ETAT_ETAPE name of a step state id: the key of its label in the person's language (review.stepState). */
const STEP_STATE_KEYS = new Map<number, string>(Object.entries(ETAT_ETAPE).map(([name, id]) => [id, name]));

/** French label of a step state id (ETAT_ETAPE). */
const STEP_STATE_LABELS: Record<number, string> = {
  [ETAT_ETAPE.nonValid]: 'Non valide',
  [ETAT_ETAPE.default]: 'À faire',
  [ETAT_ETAPE.closed]: 'Validée',
  [ETAT_ETAPE.nonClosed]: 'Non clôturée',
  [ETAT_ETAPE.approved]: 'Approuvée',
  [ETAT_ETAPE.refused]: 'Refusée',
  [ETAT_ETAPE.terminated]: 'Terminée',
  [ETAT_ETAPE.reevaluated]: 'Renvoyée',
  [ETAT_ETAPE.receptioned]: 'Réceptionnée',
  [ETAT_ETAPE.nonReceptioned]: 'Non réceptionnée',
  [ETAT_ETAPE.stepChanged]: 'Passée',
};

export type StepView = {
  id: number;
  nom: string;
  ordre: number;
  /** The French state label shown on the timeline. */
  label: string;
  /** The state's key in review.stepState (current, returnedCurrent, an ETAT_ETAPE name), null when unknown. */
  stateKey: string | null;
  current: boolean;
  done: boolean;
  dateRealise: string | null;
  canForward: boolean;
  canReturn: boolean;
};

/** The steps of a process in order, with the state each shows (the current one « En cours »). */
export function stepViews(p: ProcessData): StepView[] {
  return [...p.steps]
    .sort((a, b) => a.ordre - b.ordre)
    .map((s) => {
      const d = p.processDetails.find((x) => x.etapeId === s.id);
      const current = p.etat === 'en_cours' && p.currentEtapeOrdre === s.ordre;
      const etat = d?.etat ?? ETAT_ETAPE.default;
      const label = current
        ? etat === ETAT_ETAPE.reevaluated
          ? 'Renvoyée — en cours'
          : 'En cours'
        : (STEP_STATE_LABELS[etat] ?? `État ${etat}`);
      const stateKey = current ? (etat === ETAT_ETAPE.reevaluated ? 'returnedCurrent' : 'current') : (STEP_STATE_KEYS.get(etat) ?? null);
      return {
        id: s.id,
        nom: s.nom,
        ordre: s.ordre,
        label,
        stateKey,
        current,
        done: Boolean(d?.isValid),
        dateRealise: d?.dateRealise ?? null,
        canForward: s.config.canForward === true,
        canReturn: s.config.canReturn !== false,
      };
    });
}

/** A step's state in the person's language (its French label when the state is unknown). */
export function useStepStateLabel(): (s: Pick<StepView, 'label' | 'stateKey'>) => string {
  const { t } = useTranslation();
  const tr = t as unknown as (key: string) => string;
  return (s) => (s.stateKey ? tr(`review.stepState.${s.stateKey}`) : s.label);
}

/** A process state (en_cours, termine, inactif) in the person's language. */
export function useEtatLabel(): (etat: ProcessEtat) => string {
  const { t } = useTranslation();
  return (etat) => t(`review.etat.${etat}`);
}

/** The states' labels and the status shown in lists and boards are the contracts' (the server writes the same). */
export { PROCESS_ETAT_LABELS as ETAT_LABELS, statusLabel } from '@app/contracts';
export const ETAT_COLORS: Record<ProcessEtat, string> = { en_cours: 'blue', termine: 'teal', inactif: 'gray' };

/**
 * A journal action in the person's language (review.action: every action the server journals, a test); an action
 * without a label (a newer server) shows « Action <code> » rather than a bare code.
 */
export function useActionLabel(): (action: string) => string {
  const { t, i18n } = useTranslation();
  const tr = t as unknown as (key: string, o?: object) => string;
  return (action) => (i18n.exists(`review.action.${action}`) ? tr(`review.action.${action}`) : tr('review.actionOther', { action }));
}

/** dd/MM/yy HH:mm in Europe/Paris, '' for none. */
export function formatDateTime(v: string | null | undefined): string {
  return v ? `${formatDate(v)} ${formatTime(v)}` : '';
}

/**
 * A count of processes as shown under lists and boards, in the person's language: exact, or "plus de N" when the
 * server stopped counting.
 */
export function processCountLabel(t: TFunction, total: number, exact: boolean): string {
  const n = total.toLocaleString(t('review.numberLocale'));
  return exact ? t('review.processCount', { count: total, n }) : t('review.processCountAtLeast', { n });
}

/** A datetime-local input's value (local time) → ISO 8601 for the API; null when empty. */
export function localToIso(v: string): string | null {
  if (!v) return null;
  const d = new Date(v);
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

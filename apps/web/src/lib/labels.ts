import {
  DATE_PRESETS,
  ETAT_ETAPE,
  JOURNAL_ACTION_LABELS,
  LOGICIELS,
  METRIQUE_TYPES,
  PROCESS_ETAT_LABELS,
  type ProcessEtat,
  REGISTER_STATUSES,
  TYPE_CONSIGNATION,
} from '@app/contracts';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** French labels of a step state id (ETAT_ETAPE); « current » and « returnedCurrent » name the step being done. */
const STEP_STATE_LABELS: Record<string, string> = {
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
  current: 'En cours',
  returnedCurrent: 'Renvoyée — en cours',
};

/** French names of the built-in fields a board's criterion may test (CRITERE_CHAMPS). */
const CRITERE_CHAMP_LABELS: Record<string, string> = {
  etat: 'État',
  processModeleId: 'Workflow',
  dateDebut: 'Début',
  dateFin: 'Fin',
  createdBy: 'Créé par',
  nomProcess: 'Nom',
  numero: 'N°',
};

/**
 * French words of a criterion's operators: `<op>`, or `<kind>_<op>` where the field's kind words it otherwise
 * (« à partir du » for an instant); `between_and` joins the two bounds of « est entre ».
 */
const OPERATEUR_LABELS: Record<string, string> = {
  equals: 'est égal à',
  not_equals: 'est différent de',
  in: 'est parmi',
  contains: 'contient',
  empty: 'est vide',
  not_empty: 'n’est pas vide',
  gt: 'est supérieur à',
  lt: 'est inférieur à',
  between: 'est entre',
  between_and: 'et',
  instant_gt: 'à partir du',
  instant_lt: 'avant le',
  instant_equals: 'est le',
  day_gt: 'après le',
  day_lt: 'avant le',
  day_equals: 'est le',
  hour_gt: 'après',
  hour_lt: 'avant',
  hour_equals: 'est à',
  options_contains: 'comprend',
};

/**
 * The French label of each code shown on screen, by family: the contracts' labels (the server writes the same), and
 * the step states, journal actions and boards' criteria words the web names. `codes.<family>.<code>` in fr.json is exactly this (a test), and
 * en.json translates it.
 */
export const CODE_LABELS_FR = {
  etat: { ...PROCESS_ETAT_LABELS } as Record<string, string>,
  typeConsignation: Object.fromEntries(Object.entries(TYPE_CONSIGNATION)) as Record<string, string>,
  registerStatus: Object.fromEntries(REGISTER_STATUSES.flatMap((s) => (s.libelle ? [[s.code, s.libelle]] : []))) as Record<string, string>,
  datePreset: Object.fromEntries(DATE_PRESETS.map((p) => [p.code, p.libelle])) as Record<string, string>,
  logiciel: Object.fromEntries(LOGICIELS.map((l) => [l.code, l.libelle])) as Record<string, string>,
  metriqueType: Object.fromEntries(METRIQUE_TYPES.map((m) => [m.code, m.libelle])) as Record<string, string>,
  stepState: STEP_STATE_LABELS,
  action: JOURNAL_ACTION_LABELS,
  critereChamp: CRITERE_CHAMP_LABELS,
  operateur: OPERATEUR_LABELS,
  /** A yes/no value (a board's criterion on a checkbox). */
  boolean: { true: 'Oui', false: 'Non' } as Record<string, string>,
  /** A checkbox's value tested by a workflow's condition or rule. */
  checkbox: { true: 'Coché', false: 'Non coché' } as Record<string, string>,
};
export type CodeFamily = keyof typeof CODE_LABELS_FR;

/**
 * The label of a code in the language shown: `codes.<family>.<code>` of the locale, else the French label, else
 * `fallback` (a label the server gave), else the code itself.
 */
export function codeLabel(t: TFunction, family: CodeFamily, code: string | number | null | undefined, fallback?: string | null): string {
  if (code === null || code === undefined) return fallback ?? '';
  const french = CODE_LABELS_FR[family][String(code)];
  if (french === undefined) return fallback ?? String(code);
  const translate = t as unknown as (key: string, options: { defaultValue: string }) => string;
  return translate(`codes.${family}.${String(code)}`, { defaultValue: french });
}

/** A code's label in one language (what `useCodeLabel` gives). */
export type CodeLabel = (family: CodeFamily, code: string | number | null | undefined, fallback?: string | null) => string;

/** Labels in French whatever the language (pure helpers' default). */
export const frenchCodeLabel: CodeLabel = (family, code, fallback) =>
  code === null || code === undefined ? (fallback ?? '') : (CODE_LABELS_FR[family][String(code)] ?? fallback ?? String(code));

/** `codeLabel` bound to the current language (re-renders when it changes). */
export function useCodeLabel(): CodeLabel {
  const { t } = useTranslation();
  return useCallback((family, code, fallback) => codeLabel(t, family, code, fallback), [t]);
}

/** A register status as shown: « CS — Locked out » when the code has a label, else the code. */
export function registerStatusText(t: TFunction, code: string): string {
  return CODE_LABELS_FR.registerStatus[code] ? `${code} — ${codeLabel(t, 'registerStatus', code)}` : code;
}

/**
 * The status of a list or board row in the language shown (contracts' `statusLabel`): the current step's name while
 * running (`latestStatus`, a name from the workflow), the state once ended or inactive, then the register code.
 */
export function statusText(label: CodeLabel, row: { status: string | null; latestStatus: string | null; etat: ProcessEtat }): string {
  const base = row.etat === 'en_cours' && row.latestStatus ? row.latestStatus : label('etat', row.etat);
  return row.status && row.status !== base ? `${base} (${row.status})` : base;
}

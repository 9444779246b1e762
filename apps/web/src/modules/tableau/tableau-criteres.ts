import { CRITERE_CHAMPS, type Critere, formatDate, type Metrique, PROCESS_ETATS, type ProcessEtat } from '@app/contracts';
import { CODE_LABELS_FR, type CodeLabel, frenchCodeLabel } from '../../lib/labels.ts';
import { ETAT_LABELS, optionsOf } from '../process/index.ts';
import { metriqueIdOf } from './tableau-columns.ts';

export type Champ = Critere['champ'];
export type Operateur = Critere['operateur'];

/** What a criterion compares, which decides its operators and its value input. */
export type CritereKind =
  | 'etat'
  | 'workflow'
  | 'user'
  | 'instant'
  | 'day'
  | 'hour'
  | 'number'
  | 'text'
  | 'option'
  | 'options'
  | 'boolean'
  | 'reference';

/** French names of the built-in fields a criterion may test (codes.critereChamp; screens name them with `ctx.label`). */
export const CHAMP_LABELS = CODE_LABELS_FR.critereChamp as Record<(typeof CRITERE_CHAMPS)[number], string>;

const BUILT_IN_KIND: Record<(typeof CRITERE_CHAMPS)[number], CritereKind> = {
  etat: 'etat',
  processModeleId: 'workflow',
  dateDebut: 'instant',
  dateFin: 'instant',
  createdBy: 'user',
  nomProcess: 'text',
  numero: 'number',
};

const isBuiltIn = (champ: string): champ is (typeof CRITERE_CHAMPS)[number] => (CRITERE_CHAMPS as readonly string[]).includes(champ);

/** The kind of a field's values (unknown kinds behave as text, as in the forms). */
function kindOfField(f: Metrique | undefined): CritereKind {
  switch (f?.dataType) {
    case 'number':
      return 'number';
    case 'date':
      return 'day';
    case 'hour':
      return 'hour';
    case 'checkbox':
      return 'boolean';
    case 'select':
    case 'radio':
      return 'option';
    case 'checkbox_options':
      return 'options';
    case 'equipment':
    case 'employee':
    case 'employees':
    case 'company':
    case 'service':
    case 'supplier':
    case 'location':
      return 'reference';
    default:
      return 'text';
  }
}

export function kindOf(champ: Champ, fields: ReadonlyMap<number, Metrique>): CritereKind {
  if (isBuiltIn(champ)) return BUILT_IN_KIND[champ];
  const id = metriqueIdOf(champ);
  return kindOfField(id === null ? undefined : fields.get(id));
}

// A field's dates (yyyy-MM-dd) and hours (HH:mm) are compared by the server as text, which is their order.
const OPERATEURS: Record<CritereKind, Operateur[]> = {
  etat: ['equals', 'not_equals', 'in'],
  workflow: ['equals', 'not_equals', 'in'],
  user: ['equals', 'not_equals', 'in'],
  instant: ['gt', 'lt', 'between', 'empty', 'not_empty'],
  day: ['equals', 'gt', 'lt', 'between', 'empty', 'not_empty'],
  hour: ['equals', 'gt', 'lt', 'between', 'empty', 'not_empty'],
  number: ['equals', 'not_equals', 'gt', 'lt', 'between', 'empty', 'not_empty'],
  text: ['contains', 'equals', 'not_equals', 'empty', 'not_empty'],
  option: ['equals', 'not_equals', 'in', 'empty', 'not_empty'],
  options: ['contains', 'empty', 'not_empty'],
  boolean: ['equals'],
  reference: ['contains', 'empty', 'not_empty'],
};

/** The operators offered for a field: « vide » only where a value may be missing (fields, dates). */
export function operateursFor(champ: Champ, fields: ReadonlyMap<number, Metrique>): Operateur[] {
  const ops = OPERATEURS[kindOf(champ, fields)];
  const optional = !isBuiltIn(champ) || champ === 'dateDebut' || champ === 'dateFin';
  return optional ? ops : ops.filter((o) => o !== 'empty' && o !== 'not_empty');
}

/** The label of an operator, in the words of the field's kind (« à partir du » for an instant), French by default. */
export function operateurLabel(op: Operateur, kind: CritereKind, label: CodeLabel = frenchCodeLabel): string {
  const worded = `${kind}_${op}`;
  return label('operateur', worded in CODE_LABELS_FR.operateur ? worded : op);
}

/** The value an operator starts with. */
function defaultValeur(op: Operateur, kind: CritereKind): unknown {
  if (op === 'empty' || op === 'not_empty') return undefined;
  if (op === 'between') return ['', ''];
  if (op === 'in') return [];
  if (kind === 'boolean') return 'true';
  if (kind === 'etat') return 'en_cours';
  return '';
}

/** A new criterion on a field: its first operator and that operator's starting value. */
export function newCritere(champ: Champ, fields: ReadonlyMap<number, Metrique>): Critere {
  const operateur = operateursFor(champ, fields)[0];
  return { champ, operateur, valeur: defaultValeur(operateur, kindOf(champ, fields)) };
}

/** The criterion with another operator; the value is kept when it still fits, else started again. */
export function withOperateur(c: Critere, operateur: Operateur, fields: ReadonlyMap<number, Metrique>): Critere {
  const kind = kindOf(c.champ, fields);
  const shape = (op: Operateur) =>
    op === 'between' ? 'pair' : op === 'in' ? 'list' : op === 'empty' || op === 'not_empty' ? 'none' : 'one';
  if (shape(operateur) === shape(c.operateur)) return { ...c, operateur };
  return { champ: c.champ, operateur, valeur: defaultValeur(operateur, kind) };
}

const filled = (v: unknown) => v !== undefined && v !== null && v !== '' && !(typeof v === 'number' && Number.isNaN(v));

/** Whether a criterion can be saved: its value is given (two bounds for « entre », at least one for « parmi »). */
export function isComplete(c: Critere): boolean {
  if (c.operateur === 'empty' || c.operateur === 'not_empty') return true;
  if (c.operateur === 'between') return Array.isArray(c.valeur) && c.valeur.length === 2 && c.valeur.every(filled);
  if (c.operateur === 'in') return Array.isArray(c.valeur) && c.valeur.length > 0;
  return filled(c.valeur);
}

/** The criteria as the API takes them: no value for « vide ». */
export function criteresPayload(criteres: readonly Critere[]): Critere[] {
  return criteres.map((c) => (c.operateur === 'empty' || c.operateur === 'not_empty' ? { champ: c.champ, operateur: c.operateur } : c));
}

/** What the summary of a criterion needs to name fields and values. */
export interface CritereContext {
  fields: ReadonlyMap<number, Metrique>;
  workflows: readonly { value: string; label: string }[];
  people: readonly { value: string; label: string }[];
  timeZone: string;
  language: string;
  /** The codes' labels in the language shown (French without it). */
  label?: CodeLabel;
}

/** The name of a field a criterion tests. */
function champLabel(champ: Champ, fields: ReadonlyMap<number, Metrique>, label: CodeLabel): string {
  if (isBuiltIn(champ)) return label('critereChamp', champ);
  const id = metriqueIdOf(champ);
  return (id !== null && fields.get(id)?.nom) || champ;
}

/** The choices of a value from a closed list (states, workflows, people, options, oui/non), else null. */
export function valueChoices(champ: Champ, ctx: CritereContext): { value: string; label: string }[] | null {
  switch (kindOf(champ, ctx.fields)) {
    case 'etat':
      return PROCESS_ETATS.map((e) => ({ value: e, label: (ctx.label ?? frenchCodeLabel)('etat', e) }));
    case 'workflow':
      return [...ctx.workflows];
    case 'user':
      return [...ctx.people];
    case 'boolean':
      return [
        { value: 'true', label: (ctx.label ?? frenchCodeLabel)('boolean', 'true') },
        { value: 'false', label: (ctx.label ?? frenchCodeLabel)('boolean', 'false') },
      ];
    case 'option':
    case 'options': {
      const f = ctx.fields.get(metriqueIdOf(champ) ?? 0);
      return f ? optionsOf(f, ctx.language).map((o) => ({ value: o.value, label: o.label })) : [];
    }
    default:
      return null;
  }
}

function valueText(champ: Champ, v: unknown, ctx: CritereContext): string {
  const kind = kindOf(champ, ctx.fields);
  if (kind === 'instant' && typeof v === 'string') return formatDate(v, ctx.timeZone);
  if (kind === 'day' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
    return `${v.slice(8, 10)}/${v.slice(5, 7)}/${v.slice(2, 4)}`;
  if (kind === 'hour' && typeof v === 'string' && /^\d{2}:\d{2}$/.test(v)) return v;
  if (kind === 'etat' && typeof v === 'string' && v in ETAT_LABELS) return (ctx.label ?? frenchCodeLabel)('etat', v as ProcessEtat);
  const choice = valueChoices(champ, ctx)?.find((o) => o.value === String(v));
  if (choice) return choice.label;
  if (typeof v === 'number') return v.toLocaleString('fr-FR');
  return `« ${String(v ?? '')} »`;
}

/** A criterion in words, e.g. « État est égal à En cours ». */
export function critereText(c: Critere, ctx: CritereContext): string {
  const kind = kindOf(c.champ, ctx.fields);
  const label = ctx.label ?? frenchCodeLabel;
  const head = `${champLabel(c.champ, ctx.fields, label)} ${operateurLabel(c.operateur, kind, label)}`;
  if (c.operateur === 'empty' || c.operateur === 'not_empty') return head;
  const list = Array.isArray(c.valeur) ? c.valeur : [c.valeur];
  if (c.operateur === 'between')
    return `${head} ${valueText(c.champ, list[0], ctx)} ${label('operateur', 'between_and')} ${valueText(c.champ, list[1], ctx)}`;
  return `${head} ${list.map((v) => valueText(c.champ, v, ctx)).join(', ')}`;
}

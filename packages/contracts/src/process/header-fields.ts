// A process's header values (equipment, dates, contractors, person in charge, lockout type) can come from the fields
// of its steps: a field of the workflow is marked as the source of one of them (propertyValues.processField). These
// pure rules say which field kinds may feed which header value, and what header values a step's values give.
import { DEFAULT_TIMEZONE, TYPE_CONSIGNATION } from '../common/constants.ts';
import { zonedInstant } from '../common/date.ts';

/** The header values a field may feed (names of the process's header fields in the API). */
export const HEADER_FIELDS = [
  'equipement',
  'dateDebut',
  'dateFin',
  'dateInterventionDebut',
  'dateInterventionFin',
  'prestataireIds',
  'personneEnCharge',
  'typeConsignation',
] as const;
export type HeaderField = (typeof HEADER_FIELDS)[number];

/** French labels of the header values (the workflow editor's choices). */
export const HEADER_FIELD_LABELS: Record<HeaderField, string> = {
  equipement: 'Équipement',
  dateDebut: 'Date de début',
  dateFin: 'Date de fin',
  dateInterventionDebut: 'Début d’intervention',
  dateInterventionFin: 'Fin d’intervention',
  prestataireIds: 'Prestataires (entreprises intervenantes)',
  personneEnCharge: 'Personne en charge',
  typeConsignation: 'Type de consignation',
};

const DATE_HEADERS = ['dateDebut', 'dateFin', 'dateInterventionDebut', 'dateInterventionFin'] as const;
type DateHeader = (typeof DATE_HEADERS)[number];
const isDateHeader = (h: HeaderField): h is DateHeader => (DATE_HEADERS as readonly string[]).includes(h);
/** End dates given as a day only mean the end of that day. */
const END_HEADERS = new Set<HeaderField>(['dateFin', 'dateInterventionFin']);

/** Field kinds (dataType) that may feed each header value. */
const SOURCES: Record<HeaderField, readonly string[]> = {
  equipement: ['equipment', 'location', 'text'],
  // A date header has a day (date) and, optionally, a time (hour): two fields, one of each kind.
  dateDebut: ['date', 'hour'],
  dateFin: ['date', 'hour'],
  dateInterventionDebut: ['date', 'hour'],
  dateInterventionFin: ['date', 'hour'],
  prestataireIds: ['company'],
  personneEnCharge: ['employee'],
  typeConsignation: ['select', 'radio', 'number'],
};

/** True when a field of this kind may be the source of this header value. */
export function canFeedHeader(dataType: string, header: string): boolean {
  return (HEADER_FIELDS as readonly string[]).includes(header) && SOURCES[header as HeaderField].includes(dataType);
}

/** The header values a field of this kind may feed (the editor offers these). */
export function headerFieldsFor(dataType: string): HeaderField[] {
  return HEADER_FIELDS.filter((h) => SOURCES[h].includes(dataType));
}

/** A field as the header rules read it. */
export interface HeaderSourceField {
  id: number;
  nom?: string;
  dataType: string;
  propertyValues?: { processField?: unknown; options?: readonly { id: string | number; libelle: string }[] } & Record<string, unknown>;
}

/** The header value a field is the source of, or null. */
export function processFieldOf(f: HeaderSourceField): HeaderField | null {
  const v = f.propertyValues?.processField;
  return typeof v === 'string' && (HEADER_FIELDS as readonly string[]).includes(v) ? (v as HeaderField) : null;
}

/**
 * The field of the workflow that already feeds the same header value as `candidate` (for a date, the same part:
 * its day or its time), or null. A workflow has at most one source per header value.
 */
export function headerSourceConflict<F extends HeaderSourceField>(fields: readonly F[], candidate: HeaderSourceField): F | null {
  const h = processFieldOf(candidate);
  if (!h) return null;
  const part = (f: HeaderSourceField) => (isDateHeader(h) ? f.dataType : 'value');
  return fields.find((f) => f.id !== candidate.id && processFieldOf(f) === h && part(f) === part(candidate)) ?? null;
}

/** The header values of a process as the rules derive them (the API's shapes: dates in ISO 8601). */
export interface DerivedHeader {
  equipement?: { id: number; libelle: string } | null;
  dateDebut?: string | null;
  dateFin?: string | null;
  dateInterventionDebut?: string | null;
  dateInterventionFin?: string | null;
  prestataireIds?: number[];
  personneEnCharge?: number | null;
  typeConsignation?: number;
}

const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const positiveId = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : Number.NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};
const refOf = (v: unknown): { id: unknown; libelle: string } | null =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? { id: (v as { id?: unknown }).id, libelle: String((v as { libelle?: unknown }).libelle ?? '').trim() }
    : null;

/**
 * The equipment from a field's value: a picked or typed reference {id, libelle} keeps its label, preceded by its code
 * when the code is a text not already in the label (« AR-7 — Compresseur d'air »), so that the lists find it by
 * either; its id when it is a row's (a positive integer) of the equipment registry, else 0 (a location's id names no
 * equipment: the processes linked to an equipment are found by this id). A text field gives its text.
 */
function equipementOf(v: unknown, dataType: string): { id: number; libelle: string } | null {
  if (typeof v === 'string') return v.trim() ? { id: 0, libelle: v.trim().slice(0, 200) } : null;
  const r = refOf(v);
  if (!r) return null;
  const id = positiveId(r.id);
  const code = id === null && r.id !== null && r.id !== undefined ? String(r.id).trim() : '';
  const libelle = code && !r.libelle.toLowerCase().includes(code.toLowerCase()) ? [code, r.libelle].filter(Boolean).join(' — ') : r.libelle;
  return libelle ? { id: dataType === 'equipment' ? (id ?? 0) : 0, libelle: libelle.slice(0, 200) } : null;
}

/** The lockout type (1–9) from a field's value: a number, an option whose id is one, or an option labelled as a type. */
function typeOf(v: unknown, f: HeaderSourceField): number | undefined {
  const asType = (x: unknown) => {
    const n = positiveId(x);
    return n !== null && n <= 9 ? n : undefined;
  };
  const direct = asType(v);
  if (direct !== undefined) return direct;
  const option = f.propertyValues?.options?.find((o) => String(o.id) === String(v));
  const label = (option?.libelle ?? (typeof v === 'string' ? v : '')).trim().toLowerCase();
  const found = Object.entries(TYPE_CONSIGNATION).find(([, l]) => l.toLowerCase() === label);
  return found ? Number(found[0]) : option ? asType(option.libelle) : undefined;
}

/** An instant from a date field's value (a day, or a full ISO date) and an hour field's (« HH:mm »). */
function instantOf(day: unknown, hour: unknown, end: boolean, timeZone: string): string | null | undefined {
  if (isEmpty(day) || typeof day !== 'string') return isEmpty(day) ? null : undefined;
  if (/^\d{4}-\d{2}-\d{2}T/.test(day)) {
    const d = new Date(day);
    return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
  }
  const time = typeof hour === 'string' && /^\d{2}:\d{2}(:\d{2})?$/.test(hour) ? hour : end ? '23:59:59' : '00:00';
  return zonedInstant(day, time, timeZone) ?? undefined;
}

/**
 * The header values a process's field values give (spec-free rules, decided in DECISIONS.md):
 * - only the header values whose source field is among `changed` (all when `changed` is omitted);
 * - a date is its day field's day at its hour field's time in `timeZone` (Europe/Paris), at 00:00 for a start and
 *   23:59:59 for an end when no time is given; an hour without a day gives nothing;
 * - an emptied source empties its header value (null, or no contractors), except the lockout type, which stays;
 * - a value that cannot be read as its header value (a type outside 1–9, a malformed date) is left out.
 */
export function headerFromValues(
  fields: readonly HeaderSourceField[],
  values: Readonly<Record<string, unknown>>,
  options: { changed?: readonly string[]; timeZone?: string } = {},
): DerivedHeader {
  const tz = options.timeZone ?? DEFAULT_TIMEZONE;
  const changed = options.changed ? new Set(options.changed) : null;
  const out: DerivedHeader = {};
  for (const h of HEADER_FIELDS) {
    const sources = fields.filter((f) => processFieldOf(f) === h && canFeedHeader(f.dataType, h));
    if (!sources.length || (changed && !sources.some((f) => changed.has(String(f.id))))) continue;
    const read = (f: HeaderSourceField | undefined) => (f ? values[String(f.id)] : undefined);
    if (isDateHeader(h)) {
      const day = sources.find((f) => f.dataType === 'date');
      if (!day) continue;
      const v = instantOf(read(day), read(sources.find((f) => f.dataType === 'hour')), END_HEADERS.has(h), tz);
      if (v !== undefined) out[h] = v;
      continue;
    }
    const f = sources[0];
    const v = read(f);
    switch (h) {
      case 'equipement':
        out.equipement = equipementOf(v, f.dataType);
        break;
      case 'prestataireIds':
        out.prestataireIds = [
          ...new Set((Array.isArray(v) ? v : isEmpty(v) ? [] : [v]).map((x) => positiveId(refOf(x)?.id ?? x)).filter((x) => x !== null)),
        ];
        break;
      case 'personneEnCharge':
        out.personneEnCharge = isEmpty(v) ? null : positiveId(refOf(v)?.id ?? v);
        break;
      case 'typeConsignation': {
        const t = isEmpty(v) ? undefined : typeOf(v, f);
        if (t !== undefined) out.typeConsignation = t;
        break;
      }
    }
  }
  return out;
}

import { formatDate, formatTime } from '@app/contracts';

/** What valueText reads of a field: its kind and its options (choices) or unit. */
export interface TextField {
  dataType: string;
  propertyValues: unknown;
}

const MAX = 2000;
const clip = (s: string) => (s.length > MAX ? `${s.slice(0, MAX)}…` : s);

/** « 2026-11-24 » → « 24/11/26 »; an instant → its day and time in Europe/Paris; anything else as written. */
function dayText(v: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (d) return `${d[3]}/${d[2]}/${d[1].slice(2)}`;
  const t = Date.parse(v);
  return Number.isNaN(t) ? v : `${formatDate(v)} ${formatTime(v)}`;
}

/** The label of a choice of a radio, select or checkbox_options field (its id when the option is gone). */
function optionLabel(field: TextField, id: unknown): string {
  const options = ((field.propertyValues as { options?: unknown } | null)?.options ?? []) as { id?: unknown; libelle?: unknown }[];
  const o = Array.isArray(options) ? options.find((x) => String(x?.id) === String(id)) : undefined;
  return typeof o?.libelle === 'string' ? o.libelle : String(id);
}

/** A reference ({ id, libelle }), a text, a number… as one line. */
function anyText(v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (typeof v === 'boolean') return v ? 'Oui' : 'Non';
  if (typeof v === 'string' || typeof v === 'number') return String(v);
  if (Array.isArray(v)) return v.map(anyText).filter(Boolean).join(', ');
  if (typeof v === 'object') {
    const o = v as Record<string, unknown>;
    for (const k of ['libelle', 'nom', 'label', 'name', 'fullName']) if (typeof o[k] === 'string' && o[k]) return o[k] as string;
    return JSON.stringify(v);
  }
  return String(v);
}

/**
 * A field's value in readable French for a printed document: « Oui »/« Non », dd/MM/yy, the labels of the chosen
 * options, the names of references and files; '' when empty. Never throws on a value of an unexpected shape.
 */
export function valueText(field: TextField, v: unknown, fileNames: string[] | null = null): string {
  if (fileNames) return fileNames.join(', ');
  if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) return '';
  switch (field.dataType) {
    case 'checkbox':
      return v === true || v === 'true' ? 'Oui' : v === false || v === 'false' ? 'Non' : clip(anyText(v));
    case 'date':
      return typeof v === 'string' ? dayText(v) : clip(anyText(v));
    case 'hour':
      return clip(anyText(v));
    case 'number': {
      const unit = (field.propertyValues as { unit?: unknown } | null)?.unit;
      const n = typeof v === 'number' ? v.toLocaleString('fr-FR') : anyText(v);
      return typeof unit === 'string' && unit ? `${n} ${unit}` : n;
    }
    case 'radio':
    case 'select':
      return Array.isArray(v) ? v.map((x) => optionLabel(field, x)).join(', ') : optionLabel(field, v);
    case 'checkbox_options':
      return (Array.isArray(v) ? v : [v]).map((x) => optionLabel(field, x)).join(', ');
    default:
      return clip(anyText(v));
  }
}

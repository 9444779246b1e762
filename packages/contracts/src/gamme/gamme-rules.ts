import { METRIQUE_IDX_LIMIT } from '../common/constants.ts';
import { nextMetriqueIdx, shiftForInsert } from '../workflow/idx.ts';

/** Kinds of a reading point (domain.md §6.1): numeric with unit, OK/NOK, a choice, a free text. */
export const GAMME_POINT_TYPES = [
  { code: 'number', libelle: 'Valeur numérique' },
  { code: 'checkbox', libelle: 'OK / NOK' },
  { code: 'select', libelle: 'Choix dans une liste' },
  { code: 'text', libelle: 'Texte' },
] as const;
export type GammePointType = (typeof GAMME_POINT_TYPES)[number]['code'];
export const GAMME_POINT_TYPE_CODES = GAMME_POINT_TYPES.map((t) => t.code) as [GammePointType, ...GammePointType[]];

/** Level of a reading: within the warnings, outside lowWarning/highWarning, outside min/max. */
export const NIVEAUX = ['ok', 'warning', 'alarm'] as const;
export type Niveau = (typeof NIVEAUX)[number];

export interface Thresholds {
  min?: number | null;
  max?: number | null;
  lowWarning?: number | null;
  highWarning?: number | null;
}

/**
 * The level of a numeric reading: alarm outside [min, max] (bounds included in the range), warning outside
 * [lowWarning, highWarning], ok otherwise; an absent bound does not limit. A non-numeric value (or an OK/NOK point
 * read « NOK ») is judged by `niveauOfValue`.
 */
export function niveauOf(value: number, t: Thresholds): Niveau {
  if (t.min != null && value < t.min) return 'alarm';
  if (t.max != null && value > t.max) return 'alarm';
  if (t.lowWarning != null && value < t.lowWarning) return 'warning';
  if (t.highWarning != null && value > t.highWarning) return 'warning';
  return 'ok';
}

/** A value as sent (number, numeric text with a comma or a point, boolean, text) as a number, or null. */
export function numericValue(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string') {
    const t = v.trim().replace(/\s/g, '').replace(',', '.');
    if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return null;
    const n = Number(t);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

/** Values an OK/NOK point reads as « not OK » (an alarm). */
const NOK = new Set(['false', 'nok', 'non', 'no', '0']);

/**
 * The level of a reading of a point by its kind: numbers against the thresholds, an OK/NOK point « NOK » is an
 * alarm, other kinds are ok. `null` when a numeric point receives something that is not a number.
 */
export function niveauOfValue(dataType: string, value: unknown, t: Thresholds): Niveau | null {
  if (dataType === 'number') {
    const n = numericValue(value);
    return n === null ? null : niveauOf(n, t);
  }
  if (dataType === 'checkbox') {
    if (value === false) return 'alarm';
    if (typeof value === 'string' && NOK.has(value.trim().toLowerCase())) return 'alarm';
    return 'ok';
  }
  return 'ok';
}

/** An out-of-range reading (warning or alarm) must carry a comment. */
export function needsComment(niveau: Niveau): boolean {
  return niveau !== 'ok';
}

export const COMMENT_REQUIRED = 'Un commentaire est obligatoire pour une valeur hors plage.';

/** The thresholds must be ordered min ≤ lowWarning ≤ highWarning ≤ max (absent ones skipped): the French problem, or null. */
export function thresholdsProblem(t: Thresholds): string | null {
  const chain: [string, number | null | undefined][] = [
    ['le minimum', t.min],
    ["le seuil d'alerte bas", t.lowWarning],
    ["le seuil d'alerte haut", t.highWarning],
    ['le maximum', t.max],
  ];
  const set = chain.filter((c): c is [string, number] => c[1] != null);
  for (let i = 1; i < set.length; i++) {
    if (set[i - 1][1] > set[i][1]) return `Seuils incohérents : ${set[i - 1][0]} (${set[i - 1][1]}) dépasse ${set[i][0]} (${set[i][1]}).`;
  }
  return null;
}

/** New manoeuvre line number: the highest plus one, 1 for the first (S 114). */
export function nextNumero(existing: readonly number[]): number {
  return existing.length ? Math.max(...existing) + 1 : 1;
}

/**
 * Renumbering once the line numbered `removed` is gone: the later lines move up by one, so a sheet stays numbered
 * 1..n without a gap (a gap would read as a skipped step). Returns the new numero of every remaining line (by id).
 */
export function renumberAfterDelete(lines: readonly { id: number; numero: number }[], removed: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const l of lines) out.set(l.id, l.numero > removed ? l.numero - 1 : l.numero);
  return out;
}

/**
 * Moving one item (`id`) of an ordered list to position `to` (numero or idx): the items between its old and new
 * position shift by one towards the gap. Items at or above `limit` (special idx ≥ 10000) keep theirs. Returns the
 * new position of every item (by id); `to` is clamped to the list's range.
 */
export function moveTo(
  items: readonly { id: number; pos: number }[],
  id: number,
  to: number,
  limit = Number.POSITIVE_INFINITY,
): Map<number, number> {
  const out = new Map<number, number>();
  const moving = items.find((i) => i.id === id);
  const normal = items.filter((i) => i.pos < limit);
  for (const i of items) out.set(i.id, i.pos);
  if (!moving || moving.pos >= limit || normal.length === 0) return out;
  const lo = Math.min(...normal.map((i) => i.pos));
  const hi = Math.max(...normal.map((i) => i.pos));
  const target = Math.min(Math.max(to, lo), hi);
  const from = moving.pos;
  for (const i of normal) {
    if (i.id === id) out.set(i.id, target);
    else if (target > from && i.pos > from && i.pos <= target) out.set(i.id, i.pos - 1);
    else if (target < from && i.pos >= target && i.pos < from) out.set(i.id, i.pos + 1);
  }
  return out;
}

/** The idx rule of the workflow fields applied to gamme points (S 115): new idx, and the shift of an insertion. */
export const nextPointIdx = (existing: readonly number[]) => nextMetriqueIdx(existing);
export const shiftPointsForInsert = shiftForInsert;
export const POINT_IDX_LIMIT = METRIQUE_IDX_LIMIT;

/** The default states of a manoeuvre sheet seeded for every company (domain.md §6.2), with their colours. */
export const DEFAULT_ETATS_MANOEUVRE = [
  { libelle: 'Ouvert', couleur: '#2f9e44' },
  { libelle: 'Fermé', couleur: '#e03131' },
  { libelle: 'Embroché', couleur: '#1971c2' },
  { libelle: 'Débroché', couleur: '#f08c00' },
  { libelle: 'À la terre', couleur: '#6741d9' },
  { libelle: 'Condamné', couleur: '#343a40' },
] as const;

/** Number of pages of a paginated list (at least 1 so an empty list has one empty page). */
export function totalPages(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

import { METRIQUE_IDX_LIMIT } from '../common/constants.ts';

/** Start value of the first field of a step. */
export const METRIQUE_IDX_START = 1;

/** A new field's idx: the highest idx below 10000 plus one, or the start value (spec section 5). */
export function nextMetriqueIdx(existing: readonly number[], start = METRIQUE_IDX_START): number {
  const normal = existing.filter((i) => i < METRIQUE_IDX_LIMIT);
  return normal.length ? Math.max(...normal) + 1 : start;
}

/**
 * Inserting at an idx shifts the later ones: returns the new idx of every existing field (by id) once a field
 * takes `at`. Fields at or above the limit (special fields) keep theirs.
 */
export function shiftForInsert(existing: readonly { id: number; idx: number }[], at: number): Map<number, number> {
  const out = new Map<number, number>();
  for (const f of existing) out.set(f.id, f.idx >= at && f.idx < METRIQUE_IDX_LIMIT ? f.idx + 1 : f.idx);
  return out;
}

import type { GammePoint } from '@app/contracts';

/** Points in the gamme's order (idx, then id). */
export const orderedPoints = (points: readonly GammePoint[]) => [...points].sort((a, b) => a.idx - b.idx || a.id - b.id);

/** A number as written in French (comma), '' for none. */
export const frNumber = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n).replace('.', ','));

/** « 2 – 8 bar (alerte 3 – 7) »: the range of a numeric point, '' without thresholds. */
export function rangeText(p: Pick<GammePoint, 'min' | 'max' | 'lowWarning' | 'highWarning' | 'unite'>, alerte: string): string {
  const bounds = (lo: number | null, hi: number | null) =>
    lo === null && hi === null
      ? ''
      : lo === null
        ? `≤ ${frNumber(hi)}`
        : hi === null
          ? `≥ ${frNumber(lo)}`
          : `${frNumber(lo)} – ${frNumber(hi)}`;
  const main = bounds(p.min, p.max);
  const warn = bounds(p.lowWarning, p.highWarning);
  const unit = p.unite ? ` ${p.unite}` : '';
  return [main && `${main}${unit}`, warn && `(${alerte} ${warn})`].filter(Boolean).join(' ');
}

/** The ids in order after moving the item at `from` to `to` (both indexes in the list). */
export function moveIds(ids: readonly number[], from: number, to: number): number[] {
  const out = [...ids];
  const [id] = out.splice(from, 1);
  out.splice(to, 0, id);
  return out;
}

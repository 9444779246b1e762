import { MAX_OFFSET } from '@app/contracts';

/** What the page cache needs to know of a fetched page. */
export interface CachedPage {
  items: readonly unknown[];
  perPage: number;
  total: number;
  nextCursor: string | null;
}

/** Cursors known for the pages of the current filters and size: page N → the cursor that fetches it. */
export type CursorMap = ReadonlyMap<number, string>;

/** The last page number for a total (at least 1). */
export function lastPage(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}

/**
 * How to fetch a page: page 1 from the top; page N with the cursor the previous page gave; a page jumped to
 * without a known cursor by offset, within the server's offset limit (beyond it, from the nearest known cursor
 * is not possible, so by the last allowed offset's rule: the caller walks page by page).
 */
export function pageRequest(page: number, perPage: number, cursors: CursorMap): { cursor: string | null; offset: number } {
  if (page <= 1) return { cursor: null, offset: 0 };
  const cursor = cursors.get(page);
  if (cursor) return { cursor, offset: 0 };
  return { cursor: null, offset: Math.min((page - 1) * perPage, MAX_OFFSET) };
}

/** The cursor map after page `page` arrived: its nextCursor opens page + 1. */
export function rememberCursor(cursors: CursorMap, page: number, nextCursor: string | null): Map<number, string> {
  const out = new Map(cursors);
  if (nextCursor) out.set(page + 1, nextCursor);
  else out.delete(page + 1);
  return out;
}

/** A cached page is asked again only when missing, of another size, or short while not the last page. */
export function pageNeedsFetch(cached: CachedPage | undefined, page: number, perPage: number): boolean {
  if (!cached) return true;
  if (cached.perPage !== perPage) return true;
  const isLast = page >= lastPage(cached.total, perPage) || cached.nextCursor === null;
  return cached.items.length < perPage && !isLast;
}

import { describe, expect, it } from 'vitest';
import { lastPage, pageNeedsFetch, pageRequest, rememberCursor } from './liste-paging.ts';

const page = (n: number, total: number, nextCursor: string | null, perPage = 100) => ({
  items: Array.from({ length: n }, (_, i) => ({ id: i })),
  perPage,
  total,
  nextCursor,
});

describe('list paging', () => {
  it('page 1 uses no cursor; page N+1 the cursor page N gave; an unknown page falls back to the offset', () => {
    let cursors = rememberCursor(new Map(), 1, 'c2');
    expect(pageRequest(1, 100, cursors)).toEqual({ cursor: null, offset: 0 });
    expect(pageRequest(2, 100, cursors)).toEqual({ cursor: 'c2', offset: 0 });
    cursors = rememberCursor(cursors, 2, 'c3');
    expect(pageRequest(3, 100, cursors)).toEqual({ cursor: 'c3', offset: 0 });
    expect(pageRequest(7, 100, cursors)).toEqual({ cursor: null, offset: 600 });
    expect(pageRequest(500, 100, cursors).offset).toBe(10_000);
  });

  it('the last page forgets a cursor after it', () => {
    const cursors = rememberCursor(rememberCursor(new Map(), 1, 'c2'), 1, null);
    expect(cursors.has(2)).toBe(false);
  });

  it('a page is fetched again only when missing, of another size, or short while not the last', () => {
    expect(pageNeedsFetch(undefined, 1, 100)).toBe(true);
    expect(pageNeedsFetch(page(100, 250, 'x'), 1, 100)).toBe(false);
    expect(pageNeedsFetch(page(50, 250, 'x', 50), 1, 100)).toBe(true);
    // A row deleted from a middle page: short, not last.
    expect(pageNeedsFetch(page(99, 250, 'x'), 1, 100)).toBe(true);
    // The last page is short by nature.
    expect(pageNeedsFetch(page(50, 250, null), 3, 100)).toBe(false);
    expect(pageNeedsFetch(page(0, 0, null), 1, 100)).toBe(false);
  });

  it('counts pages', () => {
    expect(lastPage(0, 100)).toBe(1);
    expect(lastPage(201, 100)).toBe(3);
  });
});

/**
 * The rows the pager lets one reach for an offset-paged answer: the total when exact; when the server stopped
 * counting, one row past the current page while pages come back full, so that the next page can be opened.
 */
export function reachableTotal(r: { total: number; totalExact: boolean; offset: number; perPage: number; items: unknown[] }): number {
  if (r.totalExact) return r.total;
  return Math.max(r.total, r.offset + r.items.length + (r.items.length === r.perPage ? 1 : 0));
}

/**
 * A stand-in for `window.matchMedia` (jsdom has none): every query matches when `matches` says so, e.g.
 * `() => true` for a wide screen or `(q) => q.includes('max-width')` for a phone.
 */
export function matchMediaStub(matches: (query: string) => boolean) {
  return (query: string) => ({
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

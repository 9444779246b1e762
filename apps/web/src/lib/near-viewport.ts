import { startTransition, useCallback, useEffect, useState } from 'react';

/**
 * Whether an element has come near the screen (within `margin` of it, IntersectionObserver's rootMargin: 100 px
 * under it by default). A part of a long screen far under the first screenful is built when the user scrolls towards
 * it, not with the screen (issue 16: on a phone, the workflow editor built ~1 000 elements no one could see, each a
 * cost in the load's blocking time). Once near, it stays so (the part is kept). The browser tells it after its
 * layout, without forcing one; the part is then rendered in a transition. Keyboard and screen reader users reach it
 * the same way: moving through the content before it scrolls it into view. Without IntersectionObserver (tests), at
 * once. An element clipped by a scrolling box (a long list in its own box) is near only when scrolled into it.
 */
export function useNearViewport<T extends Element>(
  margin = '0px 0px 100px 0px',
): [ref: (element: T | null) => void, near: boolean, reveal: () => void] {
  const supported = typeof IntersectionObserver !== 'undefined';
  const [near, setNear] = useState(!supported);
  const [element, setElement] = useState<T | null>(null);
  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, element, margin]);
  const ref = useCallback((el: T | null) => setElement(el), []);
  // Built ahead of the scroll, e.g. when the focus enters the content before it: Tab would otherwise pass over a
  // part not built yet.
  const reveal = useCallback(() => startTransition(() => setNear(true)), []);
  return [ref, near, reveal];
}

import { type RefObject, useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * After a navigation inside the shell (not on the first load), moves the focus to the new screen's `h1`, as a page
 * load would put a screen reader at the top of the page: the heading is announced and Tab goes on from there. The
 * heading may come after the screen's data: it is awaited (the focus goes to it as soon as it is in `main`). A focus
 * the new screen took itself (a field with autofocus) is left alone; the page does not scroll.
 */
export function useHeadingFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname } = useLocation();
  // The address the focus was last placed for: the first load's (nothing to move) and, in development, the same
  // address again when StrictMode runs the effect twice.
  const placedFor = useRef(pathname);
  useEffect(() => {
    if (placedFor.current === pathname) return;
    placedFor.current = pathname;
    const root = main.current;
    if (!root) return;
    const focusHeading = (): boolean => {
      const heading = root.querySelector('h1');
      if (!heading) return false;
      const active = document.activeElement;
      if (active && active !== document.body && root.contains(active)) return true;
      if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) observer.disconnect();
    });
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [pathname, main]);
}

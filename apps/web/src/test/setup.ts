import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import '../lib/i18n.ts';
import { matchMediaStub } from './media.ts';

// findBy and waitFor wait on what the test needs, not on a delay: a busy machine (CI shares two cores with the
// server tests) may take seconds to render a page, so the default 1 s would fail a correct test.
configure({ asyncUtilTimeout: 10_000 });

// The readable companion of the session cookie (session.ts): the tests answer the session themselves.
// biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; one fixed test cookie.
document.cookie = 'sid_hint=1; path=/';

afterEach(() => {
  cleanup();
  notifications.clean();
});

// Mantine needs these browser APIs, which jsdom lacks.
Object.defineProperty(window, 'matchMedia', { writable: true, value: matchMediaStub(() => false) });
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// Mantine's autosize Textarea listens to font loading, which jsdom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

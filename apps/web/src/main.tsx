import './app/mantine-styles.ts';
import './lib/i18n.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers, startHeaderControls, startQueries } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root introuvable');

/** Runs `next` in a task of its own: the browser may paint or handle input in between. */
const afterYield = (next: () => void) => setTimeout(next, 0);

// The app starts in short tasks (issue 16, total blocking time on a phone): the session asked for at once, then the
// router (which asks for the screen's code), the header's controls, then the first render. That render is a
// transition: React renders in slices of a few milliseconds and yields to the browser between them.
const queryClient = startQueries();
afterYield(() => {
  const router = createAppRouter(queryClient);
  afterYield(() => {
    startHeaderControls();
    afterYield(() => {
      const root = createRoot(container);
      startTransition(() => {
        root.render(
          <StrictMode>
            <Providers queryClient={queryClient} router={router} />
          </StrictMode>,
        );
      });
      // The first use of Intl (numbers, dates) loads the browser's locale data: ~50 ms of a phone's main thread,
      // which fell inside the first screen's render (a process number, a date, a count). Done here, in a task of
      // its own, while the screen's code and data are on their way.
      afterYield(() => (0).toLocaleString('fr-FR'));
    });
  });
});

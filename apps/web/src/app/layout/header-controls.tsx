import { Box } from '@mantine/core';
import { type ComponentType, lazy, type ReactNode, Suspense, useState } from 'react';
import { useCurrentSession } from '../../modules/auth/index.ts';
import { AccountButton } from './account-button.tsx';

// Issue 16: the account menu and the software and language choices bring Mantine's Menu, Combobox and Popover with
// floating-ui (≈ 25 KiB gzip, 90 KiB of script): they are loaded in chunks of their own, asked for as the app starts
// (preloadHeaderControls, in parallel with the session), not parsed and run with the first load. Until they arrive,
// stand-ins of the same size hold their place (nothing moves when they appear) and are hidden from assistive
// technologies: a test or a person waits for the real control.
// Once loaded (they are asked for as the app starts), the controls are rendered as they are: through `lazy`, the first
// render of each suspends (its stand-in committed) and a second render shows it, even when its code is already there.
// Chosen once per mount (useState): switching from one to the other later would remount the control.
/** A control loaded in a chunk of its own: `load` asks for it (once: the import is cached), `Lazy` renders it through
 * `lazy`, `loaded` is the component once its code is there. */
function deferredControl<P extends object>(importer: () => Promise<ComponentType<P>>) {
  let loaded: ComponentType<P> | null = null;
  const load = () =>
    importer().then((c) => {
      loaded = c;
      return c;
    });
  return { load, Lazy: lazy(async () => ({ default: await load() })), loaded: () => loaded };
}

type InMenu = { inMenu?: boolean };
const accountMenu = deferredControl(() => import('./account-menu.tsx').then((m) => m.AccountMenu));
const logicielSwitcher = deferredControl<InMenu>(() => import('./logiciel-switcher.tsx').then((m) => m.LogicielSwitcher));
const languageSelect = deferredControl<InMenu>(() => import('./language-select.tsx').then((m) => m.LanguageSelect));

/** Starts loading the header's controls (app start). */
export function preloadHeaderControls(): void {
  void accountMenu.load();
  void logicielSwitcher.load();
  void languageSelect.load();
}

/** The control itself when its code is there at mount, else through `lazy` with its stand-in. */
function Deferred<P extends object>({
  control,
  props,
  standIn,
}: {
  control: ReturnType<typeof deferredControl<P>>;
  props: P;
  standIn: ReactNode;
}) {
  const [Loaded] = useState(control.loaded);
  if (Loaded) return <Loaded {...props} />;
  return (
    <Suspense fallback={standIn}>
      <control.Lazy {...props} />
    </Suspense>
  );
}

/** The height of Mantine's inputs at their default size (sm), the selects' stand-in. */
const INPUT_HEIGHT = 'var(--input-height-sm)';

export function AccountMenu() {
  return <Deferred control={accountMenu} props={{}} standIn={<AccountButton inert aria-hidden tabIndex={-1} />} />;
}

export function LogicielSwitcher({ inMenu = false }: InMenu) {
  const session = useCurrentSession();
  const standIn = session.logiciels.length > 0 ? <Box w={inMenu ? undefined : 220} h={INPUT_HEIGHT} /> : null;
  return <Deferred control={logicielSwitcher} props={{ inMenu }} standIn={standIn} />;
}

export function LanguageSelect({ inMenu = false }: InMenu) {
  const session = useCurrentSession();
  const standIn = session.languageCodes.length > 1 ? <Box w={inMenu ? undefined : 140} h={INPUT_HEIGHT} /> : null;
  return <Deferred control={languageSelect} props={{ inMenu }} standIn={standIn} />;
}

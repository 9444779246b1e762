import { Box } from '@mantine/core';
import { type ComponentType, lazy, Suspense, useState } from 'react';
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
let loadedAccountMenu: ComponentType | null = null;
let loadedLogicielSwitcher: ComponentType<{ inMenu?: boolean }> | null = null;
let loadedLanguageSelect: ComponentType<{ inMenu?: boolean }> | null = null;
const accountMenu = () =>
  import('./account-menu.tsx').then((m) => {
    loadedAccountMenu = m.AccountMenu;
    return m;
  });
const logicielSwitcher = () =>
  import('./logiciel-switcher.tsx').then((m) => {
    loadedLogicielSwitcher = m.LogicielSwitcher;
    return m;
  });
const languageSelect = () =>
  import('./language-select.tsx').then((m) => {
    loadedLanguageSelect = m.LanguageSelect;
    return m;
  });

/** Starts loading the header's controls (app start). */
export function preloadHeaderControls(): void {
  void accountMenu();
  void logicielSwitcher();
  void languageSelect();
}

const LazyAccountMenu = lazy(async () => ({ default: (await accountMenu()).AccountMenu }));
const LazyLogicielSwitcher = lazy(async () => ({ default: (await logicielSwitcher()).LogicielSwitcher }));
const LazyLanguageSelect = lazy(async () => ({ default: (await languageSelect()).LanguageSelect }));

/** The height of Mantine's inputs at their default size (sm), the selects' stand-in. */
const INPUT_HEIGHT = 'var(--input-height-sm)';

export function AccountMenu() {
  const [Loaded] = useState(() => loadedAccountMenu);
  if (Loaded) return <Loaded />;
  return (
    <Suspense fallback={<AccountButton inert aria-hidden tabIndex={-1} />}>
      <LazyAccountMenu />
    </Suspense>
  );
}

export function LogicielSwitcher({ inMenu = false }: { inMenu?: boolean }) {
  const session = useCurrentSession();
  const [Loaded] = useState(() => loadedLogicielSwitcher);
  if (Loaded) return <Loaded inMenu={inMenu} />;
  const standIn = session.logiciels.length > 0 ? <Box w={inMenu ? undefined : 220} h={INPUT_HEIGHT} /> : null;
  return (
    <Suspense fallback={standIn}>
      <LazyLogicielSwitcher inMenu={inMenu} />
    </Suspense>
  );
}

export function LanguageSelect({ inMenu = false }: { inMenu?: boolean }) {
  const session = useCurrentSession();
  const [Loaded] = useState(() => loadedLanguageSelect);
  if (Loaded) return <Loaded inMenu={inMenu} />;
  const standIn = session.languageCodes.length > 1 ? <Box w={inMenu ? undefined : 140} h={INPUT_HEIGHT} /> : null;
  return (
    <Suspense fallback={standIn}>
      <LazyLanguageSelect inMenu={inMenu} />
    </Suspense>
  );
}

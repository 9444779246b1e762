import { AppShell, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, type MouseEvent, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SessionGate, useCurrentSession } from '../../modules/auth/index.ts';
import { SupportBanner } from '../../modules/support/index.ts';
import { AccessDeniedPage } from '../access-denied-page.tsx';
import { AppHeader } from './app-header.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { LanguageSelect, LogicielSwitcher } from './header-controls.tsx';
import { mayOpen } from './menu-routes.ts';
import { useHeadingFocusOnNavigation } from './use-heading-focus.ts';

/**
 * Keeps open lists and process screens current: one event stream per signed-in app. Loaded after the first paint
 * (issue 16), with what it needs (CASL, to know whether the person reads processes).
 */
const LiveUpdates = lazy(() => import('../live-updates.tsx'));

/** The page, unless its menu entry is not the person's (« Accès refusé »; the API refuses its reads as well). */
function GuardedOutlet() {
  const session = useCurrentSession();
  const { pathname } = useLocation();
  const slugs = useMemo(
    () => new Set([...session.menuItems, ...session.menuItemsEE].map((m) => m.slug)),
    [session.menuItems, session.menuItemsEE],
  );
  return session.isSupperAdmin || mayOpen(pathname, slugs) ? <Outlet /> : <AccessDeniedPage />;
}

/** The texts in the person's language (the company offers it: session.languageCodes). */
function SessionLanguage() {
  const { i18n } = useTranslation();
  const { languageCode } = useCurrentSession();
  useEffect(() => {
    if (i18n.language !== languageCode) void i18n.changeLanguage(languageCode);
  }, [i18n, languageCode]);
  // Signed out, the sign-in page is in French again.
  useEffect(() => () => void i18n.changeLanguage('fr'), [i18n]);
  return null;
}

/** The id of the shell's `main`, target of the skip link. */
const MAIN_ID = 'contenu';

/**
 * The /app shell: a skip link (the first Tab stop), header (company, software, language, account), the session's
 * menu and the screen in `main`, whose heading takes the focus after each navigation.
 */
export function AppLayout() {
  const { t } = useTranslation();
  // On a phone, the software and language choices at the top of the folded menu are built when the menu first opens
  // (issue 16): off screen until then, they were a third of the first render's work (Mantine's selects, the
  // languages' names).
  const [menuOpenedOnce, setMenuOpenedOnce] = useState(false);
  const [opened, { toggle, close }] = useDisclosure(false, { onOpen: () => setMenuOpenedOnce(true) });
  const main = useRef<HTMLElement>(null);
  useHeadingFocusOnNavigation(main);
  // The link's own jump would change the address's hash (a navigation for the router): the focus is moved instead.
  const skipToMain = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };
  // The navbar's breakpoint (sm): narrower, the header has no room for the software and the language, which move
  // to the top of the menu. Read at the first render (issue 16): read after it, a phone first built the wide header.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });
  return (
    <SessionGate>
      <Suspense fallback={null}>
        <LiveUpdates />
      </Suspense>
      <SessionLanguage />
      <a href={`#${MAIN_ID}`} className="app-skip-link" onClick={skipToMain}>
        {t('layout.skipToContent')}
      </a>
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <AppHeader navOpened={opened} onToggleNav={toggle} wide={wide} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('layout.menu')}>
          {!wide && menuOpenedOnce && (
            <Stack gap="xs" mb="sm">
              <LogicielSwitcher inMenu />
              <LanguageSelect inMenu />
            </Stack>
          )}
          <AppNavbar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_ID} ref={main} tabIndex={-1}>
          <SupportBanner />
          <GuardedOutlet />
        </AppShell.Main>
      </AppShell>
    </SessionGate>
  );
}

import { AppShell, Stack } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { SessionGate, useCurrentSession } from '../../modules/auth/index.ts';
import { SupportBanner } from '../../modules/support/index.ts';
import { AccessDeniedPage } from '../access-denied-page.tsx';
import { useProcessEvents } from '../process-events.ts';
import { AppHeader } from './app-header.tsx';
import { AppNavbar } from './app-navbar.tsx';
import { LanguageSelect } from './language-select.tsx';
import { LogicielSwitcher } from './logiciel-switcher.tsx';
import { mayOpen } from './menu-routes.ts';

/** Keeps open lists and process screens current: one event stream per signed-in app. */
function LiveUpdates() {
  useProcessEvents();
  return null;
}

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

/** The /app shell: header (company, software, language, account) and the session's menu. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  // The navbar's breakpoint (sm): narrower, the header has no room for the software and the language, which move
  // to the top of the menu.
  const wide = useMediaQuery('(min-width: 48em)', true) ?? true;
  return (
    <SessionGate>
      <LiveUpdates />
      <SessionLanguage />
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <AppHeader navOpened={opened} onToggleNav={toggle} wide={wide} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('layout.menu')}>
          {!wide && (
            <Stack gap="xs" mb="sm">
              <LogicielSwitcher inMenu />
              <LanguageSelect inMenu />
            </Stack>
          )}
          <AppNavbar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <SupportBanner />
          <GuardedOutlet />
        </AppShell.Main>
      </AppShell>
    </SessionGate>
  );
}

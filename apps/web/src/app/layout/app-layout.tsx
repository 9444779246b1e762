import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { SessionGate } from '../../modules/auth/index.ts';
import { SupportBanner } from '../../modules/support/index.ts';
import { useProcessEvents } from '../process-events.ts';
import { AppHeader } from './app-header.tsx';
import { AppNavbar } from './app-navbar.tsx';

/** Keeps open lists and process screens current: one event stream per signed-in app. */
function LiveUpdates() {
  useProcessEvents();
  return null;
}

/** The /app shell: header (company, software, language, account) and the session's menu. */
export function AppLayout() {
  const { t } = useTranslation();
  const [opened, { toggle, close }] = useDisclosure();
  return (
    <SessionGate>
      <LiveUpdates />
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
        <AppShell.Header>
          <AppHeader navOpened={opened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar p="sm" aria-label={t('layout.menu')}>
          <AppNavbar onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <SupportBanner />
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </SessionGate>
  );
}

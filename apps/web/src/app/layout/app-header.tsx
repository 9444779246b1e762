import { Burger, Group, Text } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../modules/auth/index.ts';
import { AccountMenu, LanguageSelect, LogicielSwitcher } from './header-controls.tsx';

/** Company, software and language (in the menu on a phone: `wide` false), account. */
export function AppHeader({ navOpened, onToggleNav, wide }: { navOpened: boolean; onToggleNav: () => void; wide: boolean }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={t('layout.toggleMenu')} />
        <IconShieldCheck color="var(--mantine-color-bleuFrance-9)" aria-hidden />
        <Text fw={700} size="lg" truncate data-testid="company-name">
          {session.companyName}
        </Text>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {wide && <LogicielSwitcher />}
        {wide && <LanguageSelect />}
        <AccountMenu />
      </Group>
    </Group>
  );
}

import { Menu, Text } from '@mantine/core';
import { IconLogout, IconUserCircle, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChangeRole, useCurrentSession, useLogout } from '../../modules/auth/index.ts';
import { AccountButton } from './account-button.tsx';

/** The user's menu: identity, profile switch, sign-out. Loaded apart from the first load (header-controls.tsx). */
export function AccountMenu() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const logout = useLogout();
  const changeRole = useChangeRole();
  const fullName = `${session.firstName} ${session.lastName}`.trim();
  // The profiles one may switch to (none while the person has a single one).
  const others = session.profils.length > 1 ? session.profils.filter((p) => p.id !== session.profil?.id) : [];

  return (
    <Menu position="bottom-end" width={260} withinPortal>
      <Menu.Target>
        <AccountButton />
      </Menu.Target>
      <Menu.Dropdown>
        {/* Spans, not paragraphs: a menu holds only menu items, separators and groups (ARIA, axe aria-required-children). */}
        <Menu.Label>
          <Text component="span" display="block" size="sm" fw={600} c="dark">
            {fullName}
          </Text>
          <Text component="span" display="block" size="xs">
            {session.mail}
          </Text>
        </Menu.Label>
        <Menu.Item leftSection={<IconUserCircle size={16} />} disabled>
          {t('layout.profil', { profil: session.profil?.libelle ?? '—' })}
        </Menu.Item>
        {others.length > 0 && (
          <>
            <Menu.Divider />
            <Menu.Label>{t('layout.switchProfil')}</Menu.Label>
            {others.map((p, i) => (
              <Menu.Item
                key={p.id}
                data-autofocus={i === 0 || undefined}
                leftSection={<IconUserShield size={16} />}
                onClick={() => changeRole.mutate(p.id)}
              >
                {p.libelle}
              </Menu.Item>
            ))}
          </>
        )}
        <Menu.Divider />
        {/* Not `color="red"`: Menu.Item draws it in red.6 (3.3:1); the theme's error red is 5.5:1. */}
        <Menu.Item
          data-autofocus={others.length === 0 || undefined}
          c="var(--mantine-color-error)"
          leftSection={<IconLogout size={16} />}
          onClick={() => logout.mutate()}
        >
          {t('layout.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

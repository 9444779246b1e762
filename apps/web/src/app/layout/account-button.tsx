import { Avatar, Button, type ButtonProps, Text } from '@mantine/core';
import type { ComponentPropsWithRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentSession } from '../../modules/auth/index.ts';

/**
 * The account menu's button: the menu's target (account-menu.tsx) and, while the menu's code loads, its inert
 * stand-in of the same size (header-controls.tsx).
 */
export function AccountButton(props: ButtonProps & ComponentPropsWithRef<'button'>) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const fullName = `${session.firstName} ${session.lastName}`.trim();
  return (
    <Button
      variant="subtle"
      // A person icon rather than initials: the button's visible text (the name, on a wide screen) must be part of
      // its accessible name (WCAG 2.5.3), and « Mon compte : AD Alice Dupont » would be read letter by letter.
      leftSection={<Avatar size="sm" color="bleuFrance" aria-hidden />}
      aria-label={t('layout.account', { name: fullName })}
      {...props}
    >
      <Text size="sm" visibleFrom="md" span>
        {fullName}
      </Text>
    </Button>
  );
}

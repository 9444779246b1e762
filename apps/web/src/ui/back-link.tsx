import { Anchor, Group } from '@mantine/core';
import { IconChevronLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The « Retour … » link above a screen's heading (a touch target on a phone). */
export function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={Link} to={to} size="sm" mb="xs" data-touch-target>
      <Group gap={4} component="span">
        <IconChevronLeft size={16} aria-hidden />
        {label}
      </Group>
    </Anchor>
  );
}

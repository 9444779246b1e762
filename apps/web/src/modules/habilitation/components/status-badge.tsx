import { Badge, Group, Text, ThemeIcon } from '@mantine/core';
import { IconBan, IconCircleCheck, IconCircleX, IconClockExclamation, IconSignature, IconStethoscope } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { HABILITATION_STATUSES, type HabilitationStatus, STATUS_COLOR } from '../habilitation-status.ts';

/** The icon of each status: the matrix never says a status by colour alone. */
export const STATUS_ICON: Record<HabilitationStatus, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  valide: IconCircleCheck,
  bientot: IconClockExclamation,
  expire: IconCircleX,
  medical: IconStethoscope,
  attente: IconSignature,
  revoque: IconBan,
};

/** A status as a badge: icon, word, colour. */
export function StatusBadge({ status, size = 'sm' }: { status: HabilitationStatus; size?: 'xs' | 'sm' | 'md' }) {
  const { t } = useTranslation();
  const Icon = STATUS_ICON[status];
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" size={size} leftSection={<Icon size={12} aria-hidden />} c="dark.9">
      {t(`habilitation.status.${status}`)}
    </Badge>
  );
}

/** The legend above the matrix: each status with its icon, its word, what it means and how many cells have it. */
export function StatusLegend({ counts }: { counts?: Record<HabilitationStatus, number> }) {
  const { t } = useTranslation();
  return (
    <Group
      component="ul"
      gap="md"
      wrap="wrap"
      aria-label={t('habilitation.matrix.legend')}
      style={{ listStyle: 'none', padding: 0, margin: 0 }}
    >
      {HABILITATION_STATUSES.map((s) => {
        const Icon = STATUS_ICON[s];
        return (
          <Group component="li" key={s} gap={6} wrap="nowrap">
            <ThemeIcon size="sm" variant="light" color={STATUS_COLOR[s]} aria-hidden>
              <Icon size={14} />
            </ThemeIcon>
            <Text size="sm">
              {t(`habilitation.status.${s}`)}
              {counts ? ` (${counts[s]})` : ''}
              <Text span size="xs" c="dimmed">
                {' '}
                — {t(`habilitation.statusHelp.${s}`)}
              </Text>
            </Text>
          </Group>
        );
      })}
    </Group>
  );
}

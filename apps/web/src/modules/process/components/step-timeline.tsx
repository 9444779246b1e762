import { ETAT_ETAPE } from '@app/contracts';
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { IconCheck, IconPlayerPlay, IconPlayerSkipForward } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, type StepView } from '../process.util.ts';

/** The steps of the process in order, each with its state and the date it was done. */
export function StepTimeline({ steps }: { steps: StepView[] }) {
  const { t } = useTranslation();
  const currentIndex = steps.findIndex((s) => s.current);
  const lastDone = steps.reduce((acc, s, i) => (s.done ? i : acc), -1);
  const active = currentIndex >= 0 ? currentIndex : lastDone;
  return (
    <nav aria-label={t('process.timeline.title')}>
      {/* An ordered list of the steps for screen readers (Mantine draws the timeline with divs). */}
      <Timeline active={active} bulletSize={24} lineWidth={2} role="list">
        {steps.map((s) => (
          <Timeline.Item
            key={s.id}
            role="listitem"
            aria-current={s.current ? 'step' : undefined}
            bullet={
              s.current ? (
                <IconPlayerPlay size={12} />
              ) : s.state === String(ETAT_ETAPE.stepChanged) ? (
                <IconPlayerSkipForward size={12} />
              ) : s.done ? (
                <IconCheck size={12} />
              ) : (
                <Text size="xs" aria-hidden>
                  {s.ordre}
                </Text>
              )
            }
            title={
              <Group gap="xs" wrap="nowrap">
                <Text size="sm" fw={s.current ? 700 : 500}>
                  {s.ordre}. {s.nom}
                </Text>
              </Group>
            }
          >
            <Group gap="xs">
              <Badge
                size="sm"
                variant={s.current ? 'filled' : 'light'}
                color={s.current ? 'blue' : s.done ? 'teal' : s.state === String(ETAT_ETAPE.reevaluated) ? 'orange' : 'gray'}
              >
                {s.label}
              </Badge>
              {s.dateRealise && (
                <Text size="xs" c="gray.7">
                  {formatDateTime(s.dateRealise)}
                </Text>
              )}
            </Group>
          </Timeline.Item>
        ))}
      </Timeline>
    </nav>
  );
}

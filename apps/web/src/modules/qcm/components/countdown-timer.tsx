import { Group, Paper, Text, VisuallyHidden } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementParts, crossedThreshold, formatRemaining, remainingMs, timerLevel } from '../qcm-timer.ts';

const COLORS = { normal: 'gray.9', warning: 'orange.9', danger: 'red.9', over: 'red.9' } as const;

interface Props {
  /** The server's deadline (ISO 8601). */
  deadline: string;
  /** The gap to add to the device's clock to read the server's (clockOffset). */
  offset: number;
  /** The attempt's whole duration, for the colour thresholds. */
  durationMs: number | null;
  /** Called once when the time is over. */
  onExpire: () => void;
}

/**
 * The time left of an attempt, refreshed every second. The visible clock is a `timer` (not read aloud on each tick);
 * a polite live region says the time left when it crosses 10, 5 and 1 minute, 30 and 10 seconds.
 */
export function CountdownTimer({ deadline, offset, durationMs, onExpire }: Props) {
  const { t } = useTranslation();
  const [left, setLeft] = useState(() => remainingMs(deadline, Date.now(), offset) ?? 0);
  const [announce, setAnnounce] = useState('');
  const previous = useRef<number | null>(null);
  const expired = useRef(false);
  const expire = useRef(onExpire);
  expire.current = onExpire;

  useEffect(() => {
    const tick = () => {
      const ms = remainingMs(deadline, Date.now(), offset) ?? 0;
      setLeft(ms);
      const threshold = crossedThreshold(previous.current, ms);
      previous.current = ms;
      if (threshold !== null) {
        const { unit, count } = announcementParts(threshold);
        setAnnounce(t(`qcm.passer.timeLeft.${unit}`, { count }));
      }
      if (ms <= 0 && !expired.current) {
        expired.current = true;
        setAnnounce(t('qcm.passer.timeOver'));
        expire.current();
      }
    };
    tick();
    const id = window.setInterval(tick, 1000);
    return () => window.clearInterval(id);
  }, [deadline, offset, t]);

  const level = timerLevel(left, durationMs);
  return (
    <Paper withBorder px="sm" py={6} radius="md" bg={level === 'normal' ? undefined : level === 'warning' ? 'orange.0' : 'red.0'}>
      <Group gap={6} wrap="nowrap">
        <IconClock size={22} aria-hidden color={`var(--mantine-color-${COLORS[level].replace('.', '-')})`} />
        <Text
          role="timer"
          aria-label={t('qcm.passer.timerLabel', { time: formatRemaining(left) })}
          fw={700}
          size="xl"
          c={COLORS[level]}
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {formatRemaining(left)}
        </Text>
      </Group>
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true">
        {announce}
      </VisuallyHidden>
    </Paper>
  );
}

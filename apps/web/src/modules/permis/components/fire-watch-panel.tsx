import { CONTROLE_AVANCE_MINUTES, formatTime, type Permis } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Alert, Badge, Button, Card, Group, List, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFlame } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { usePermisAction } from '../permis.queries.ts';
import { useNow } from '../permis-clock.ts';
import { type CheckState, checksOf, formatClock, remainingUntil } from '../permis-time.ts';
import { SignedDialog } from './signed-dialog.tsx';

const STATE_COLORS: Record<CheckState, string> = { fait: 'teal', a_venir: 'gray', du: 'blue', en_retard: 'red' };

interface FireWatchPanelProps {
  permis: Permis;
  /** Add to the device's clock to read the server's. */
  offsetMs: number;
  canUpdate: boolean;
  onChanged?: () => void;
}

/**
 * The post-work fire watch of a hot-work permit: the time left (from the server's start and duration), the checks due
 * every N minutes with their state, a large « Contrôle effectué » for the watcher's phone, and why the permit cannot
 * be closed yet (the server's reasons).
 */
export function FireWatchPanel({ permis: p, offsetMs, canUpdate, onChanged }: FireWatchPanelProps) {
  const { t } = useTranslation();
  const now = useNow(1000) + offsetMs;
  const w = p.surveillance;
  const [open, setOpen] = useState(false);
  const [observation, setObservation] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const check = usePermisAction(API.permis.fireWatchCheck, p.processId, onChanged);

  if (!w) {
    return (
      <Card withBorder padding="sm" component="section" aria-labelledby="permis-watch-title">
        <Group gap="xs" mb={4}>
          <IconFlame size={18} aria-hidden />
          <Title order={3} size="h5" id="permis-watch-title">
            {t('permis.watch.title')}
          </Title>
        </Group>
        <Text size="sm">{t('permis.watch.notStarted')}</Text>
      </Card>
    );
  }

  const checks = checksOf(
    w.controles.map((c) => c.dueAt),
    w.controles.filter((c) => c.signedAt).map((c) => c.numero),
    now,
    CONTROLE_AVANCE_MINUTES,
  );
  const left = remainingUntil(w.fin, now);
  const next = w.prochain === null ? null : (checks[w.prochain - 1] ?? null);
  const signable = next !== null && next.state !== 'a_venir';
  const close = () => {
    setOpen(false);
    setObservation('');
    setImage(null);
    check.reset();
  };
  const submit = (img: string) =>
    next &&
    check.mutate(
      { body: { processId: p.processId, numero: next.numero, observation: observation.trim() || null, image: img } },
      {
        onSuccess: () => {
          notifySuccess(t('permis.watch.done', { numero: next.numero }));
          close();
        },
      },
    );
  const earliest = next ? new Date(Date.parse(next.dueAt) - CONTROLE_AVANCE_MINUTES * 60_000).toISOString() : null;

  return (
    <Card withBorder padding="sm" component="section" aria-labelledby="permis-watch-title">
      <Stack gap="sm">
        <Group gap="xs">
          <IconFlame size={18} aria-hidden />
          <Title order={3} size="h5" id="permis-watch-title">
            {t('permis.watch.title')}
          </Title>
        </Group>
        <Paper withBorder p="sm" radius="md" bg={left > 0 ? 'orange.0' : 'gray.0'}>
          <Text size="sm" c="gray.8">
            {left > 0 ? t('permis.watch.remaining') : t('permis.watch.timeOver')}
          </Text>
          <Text
            role="timer"
            aria-label={t('permis.watch.timerLabel', { time: formatClock(left) })}
            fw={700}
            fz={36}
            c={left > 0 ? 'orange.9' : 'gray.9'}
            style={{ fontVariantNumeric: 'tabular-nums', lineHeight: 1.2 }}
          >
            {formatClock(left)}
          </Text>
          <Text size="xs" c="gray.8">
            {t('permis.watch.until', {
              heure: formatTime(w.fin),
              duree: w.surveillanceMinutes,
              intervalle: w.controleIntervalleMinutes,
            })}
          </Text>
        </Paper>

        {next ? (
          <Text fw={600} role="status">
            {t('permis.watch.next', { numero: next.numero, heure: formatTime(next.dueAt) })}
          </Text>
        ) : (
          <Text fw={600} role="status" c="teal.9">
            {t('permis.watch.allDone')}
          </Text>
        )}
        {canUpdate && next && p.etat === 'fin_travaux' && (
          <Stack gap={4}>
            <Button
              size="xl"
              fullWidth
              color="orange"
              leftSection={<IconCircleCheck size={26} aria-hidden />}
              disabled={!signable}
              aria-describedby={signable ? undefined : 'permis-watch-too-early'}
              onClick={() => setOpen(true)}
            >
              {t('permis.watch.record')}
            </Button>
            {!signable && earliest && (
              <Text size="sm" c="gray.7" id="permis-watch-too-early">
                {t('permis.watch.tooEarly', { numero: next.numero, heure: formatTime(earliest) })}
              </Text>
            )}
          </Stack>
        )}

        <div>
          <Title order={4} size="h6" mb={4} id="permis-watch-checks">
            {t('permis.watch.checks')}
          </Title>
          <List listStyleType="none" spacing={6} aria-labelledby="permis-watch-checks" p={0}>
            {checks.map((c) => {
              const row = w.controles[c.numero - 1];
              return (
                <List.Item key={c.numero}>
                  <Group gap="xs" wrap="wrap">
                    <Text size="sm" fw={600}>
                      {t('permis.watch.check', { numero: c.numero })}
                    </Text>
                    <Badge variant="light" color={STATE_COLORS[c.state]}>
                      {t(`permis.watch.states.${c.state}`)}
                    </Badge>
                    <Text size="sm" c="gray.8">
                      {row?.signedAt
                        ? t('permis.watch.doneBy', { heure: formatTime(row.signedAt), nom: row.utilisateur?.nom ?? '—' })
                        : t('permis.watch.dueAt', { heure: formatTime(c.dueAt) })}
                    </Text>
                  </Group>
                  {row?.observation && (
                    <Text size="xs" c="gray.7">
                      {row.observation}
                    </Text>
                  )}
                </List.Item>
              );
            })}
          </List>
        </div>

        {w.raisons.length > 0 ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('permis.watch.closureRefused')}>
            <List size="sm" spacing={2} id="permis-closure-reasons">
              {w.raisons.map((r) => (
                <List.Item key={r}>{r}</List.Item>
              ))}
            </List>
          </Alert>
        ) : (
          <Alert color="teal" variant="light">
            {t('permis.watch.finished')}
          </Alert>
        )}
      </Stack>

      <SignedDialog
        opened={open}
        title={next ? t('permis.watch.dialogTitle', { numero: next.numero }) : ''}
        text={t('permis.watch.dialogText')}
        padLabel={t('permis.watch.pad')}
        submitLabel={t('permis.watch.submit')}
        submitColor="orange"
        submitting={check.isPending}
        error={check.error}
        image={image}
        onImage={setImage}
        onClose={close}
        onSubmit={submit}
      >
        <Textarea
          label={t('permis.watch.observation')}
          description={t('permis.watch.observationHint')}
          value={observation}
          maxLength={1000}
          autosize
          minRows={2}
          onChange={(e) => setObservation(e.currentTarget.value)}
          data-autofocus
        />
      </SignedDialog>
    </Card>
  );
}

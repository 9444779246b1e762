import { pointsOfField, type RoundFieldConfig, RoundFieldInput, RoundFieldValue } from '@app/contracts';
import { Alert, Box, Button, Fieldset, Group, Paper, Progress, Skeleton, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconPlayerSkipForward, IconSend } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../../../lib/notify.ts';
import { useGammePoints, useSendRound } from '../gamme.queries.ts';
import { frNumber, orderedPoints } from '../gamme.util.ts';
import { levelOf, loadRound, newRound, roundBody, saveRound } from '../releve-round.ts';
import { useRound } from '../use-round.ts';
import { EntryBadge, LevelBadge, RoundPointStep, RoundSendError } from './round-point-step.tsx';

export interface ProcessRoundFieldProps {
  /** The field's name (the group's legend). */
  label: string;
  /** The field's settings (gamme, points of a part); null when the workflow names no gamme. */
  config: RoundFieldConfig | null;
  /** The process the readings are recorded into (null in a preview: nothing is sent). */
  processId: number | null;
  /** The field's value: the summary of the round recorded (server-built), or nothing yet. */
  value: unknown;
  required?: boolean;
  error?: string;
  readOnly: boolean;
  /** Where the round in progress is kept on the device (per person, process and field). */
  storageKey: string;
  /** Called once the round is recorded, with the value to save in the step (the server replaces it by the summary). */
  onRecorded: (value: { gammeId: number; releveIds: number[] }) => void;
}

/** The recorded readings as a list: point, value, level and comment (a signed step reads as this). */
export function RoundSummaryView({ value }: { value: RoundFieldValue }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" c="dark.9">
        {t('gamme.processField.summary', { count: value.count })}
        {value.outOfRange > 0 && ` — ${t('gamme.processField.outOfRange', { count: value.outOfRange })}`}
      </Text>
      <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {value.lignes.map((l) => (
          <Group component="li" key={l.releveId} gap="xs" wrap="nowrap" align="baseline">
            <Text size="sm" c="dark.9">
              {l.point} :{' '}
              <strong>{l.valeur === null ? '—' : `${frNumber(Number(l.valeur)) || l.valeur}${l.unite ? ` ${l.unite}` : ''}`}</strong>
              {l.comment ? ` — ${l.comment}` : ''}
            </Text>
            {l.niveau !== 'ok' && <LevelBadge niveau={l.niveau} />}
          </Group>
        ))}
      </Box>
    </Stack>
  );
}

/**
 * A reading field of a process step (gamme_releves, etape_gamme_releves): the round of the field's gamme (or its
 * chosen points), one point at a time with the previous value and the level shown before sending, a comment required
 * out of range (the gamme module's round and rules). Sent once, whole, with the process id (set-captured-values, each
 * reading with its device id: a resend records nothing twice); the field then holds the round's summary.
 */
export function ProcessRoundField(props: ProcessRoundFieldProps) {
  const { t } = useTranslation();
  const { label, config, processId, value, required, error, readOnly, storageKey, onRecorded } = props;
  const recorded = RoundFieldValue.safeParse(value);
  const legend = `${label}${required ? ' *' : ''}`;

  if (recorded.success) {
    return (
      <Fieldset legend={legend} variant="unstyled" data-round-field>
        <RoundSummaryView value={recorded.data} />
      </Fieldset>
    );
  }
  // Recorded, not saved in the step yet: the server writes the summary when the step is saved or signed.
  const sent = RoundFieldInput.safeParse(value);
  if (sent.success) {
    return (
      <Fieldset legend={legend} variant="unstyled" data-round-field>
        <Alert color="teal" variant="light" role="status">
          {t('gamme.processField.recorded', { count: sent.data.releveIds.length })}
        </Alert>
      </Fieldset>
    );
  }
  if (readOnly || !config || processId === null) {
    const note = !config ? t('gamme.processField.noGamme') : readOnly ? t('gamme.processField.none') : t('gamme.processField.preview');
    return (
      <Fieldset legend={legend} variant="unstyled" data-round-field>
        <Text size="sm" c="dark.9">
          {note}
        </Text>
      </Fieldset>
    );
  }
  return (
    <Fieldset legend={legend} data-round-field>
      <RoundEntryFlow config={config} processId={processId} storageKey={storageKey} error={error} onRecorded={onRecorded} />
    </Fieldset>
  );
}

function RoundEntryFlow({
  config,
  processId,
  storageKey,
  error,
  onRecorded,
}: {
  config: RoundFieldConfig;
  processId: number;
  storageKey: string;
  error?: string;
  onRecorded: ProcessRoundFieldProps['onRecorded'];
}) {
  const { t } = useTranslation();
  const query = useGammePoints(config.gammeId);
  const points = useMemo(() => (query.data ? pointsOfField(config, orderedPoints(query.data)) : undefined), [query.data, config]);
  const { round, problem, total, point, entry, update, goTo, next, skip, pending, issueOf } = useRound(
    points,
    () => loadRound(storageKey, config.gammeId) ?? newRound(config.gammeId),
  );
  const send = useSendRound();

  useEffect(() => saveRound(storageKey, round), [storageKey, round]);

  if (query.isError)
    return (
      <Alert color="red" role="alert">
        {messageOfError(query.error)}
      </Alert>
    );
  if (!points) return <Skeleton h={120} aria-label={t('common.loading')} />;
  if (points.length === 0) return <Text size="sm">{t('gamme.saisie.noPoints')}</Text>;

  const body = roundBody(points, round);
  const values = body.values.map((v) => ({ ...v, processId }));
  const submit = () =>
    send.mutate(
      { values },
      {
        onSuccess: (res) => {
          saveRound(storageKey, null);
          onRecorded({ gammeId: config.gammeId, releveIds: res.items.map((x) => x.id) });
        },
      },
    );

  return (
    <Stack gap="sm">
      {error && (
        <Text size="sm" c="red.9" role="alert">
          {error}
        </Text>
      )}
      {point ? (
        <>
          <div>
            <Text fw={700} id={`${storageKey}-progress`}>
              {t('gamme.saisie.progress', { n: round.index + 1, total })}
            </Text>
            <Progress.Root size="md">
              <Progress.Section value={((round.index + 1) / total) * 100} aria-labelledby={`${storageKey}-progress`} />
            </Progress.Root>
          </div>
          <Paper withBorder p="sm">
            <RoundPointStep
              key={point.id}
              point={point}
              value={entry?.value ?? ''}
              comment={entry?.comment ?? ''}
              problem={problem}
              onValue={(v) => update(point, { value: v })}
              onComment={(c) => update(point, { comment: c })}
            />
          </Paper>
          <Group grow gap="sm">
            <Button
              variant="default"
              size="md"
              disabled={round.index === 0}
              onClick={() => goTo(round.index - 1)}
              leftSection={<IconChevronLeft />}
            >
              {t('gamme.saisie.previous')}
            </Button>
            <Button variant="light" color="gray" size="md" onClick={skip} leftSection={<IconPlayerSkipForward />}>
              {t('gamme.saisie.skip')}
            </Button>
            <Button size="md" onClick={next} rightSection={<IconChevronRight />}>
              {round.index === total - 1 ? t('gamme.saisie.toReview') : t('gamme.saisie.next')}
            </Button>
          </Group>
        </>
      ) : (
        <>
          <Text fw={700}>{t('gamme.saisie.review')}</Text>
          <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('gamme.saisie.review')}>
            {points.map((p, i) => {
              const e = round.entries[String(p.id)];
              const level = e && !e.skipped ? levelOf(p, e.value) : null;
              const issue = issueOf(p);
              return (
                <Group component="li" key={p.id} justify="space-between" wrap="nowrap" py={4}>
                  <Button variant="subtle" size="compact-sm" onClick={() => goTo(i)}>
                    {i + 1}. {p.nom}
                  </Button>
                  <Group gap="xs" wrap="nowrap">
                    <Text size="sm" fw={700}>
                      {e && !e.skipped ? `${e.value}${p.unite && p.dataType === 'number' && e.value ? ` ${p.unite}` : ''}` : ''}
                    </Text>
                    {issue ? (
                      <Text size="sm" c="red.9">
                        {t(`gamme.saisie.problem.${issue}`)}
                      </Text>
                    ) : (
                      <EntryBadge skipped={e?.skipped === true} niveau={level ?? null} />
                    )}
                  </Group>
                </Group>
              );
            })}
          </Box>
          {send.isError && <RoundSendError error={send.error} />}
          <Group grow gap="sm">
            <Button variant="default" size="md" leftSection={<IconChevronLeft />} onClick={() => goTo(total - 1)}>
              {t('gamme.saisie.previous')}
            </Button>
            <Button
              size="md"
              leftSection={<IconSend />}
              loading={send.isPending}
              disabled={values.length === 0 || pending.length > 0}
              onClick={submit}
            >
              {send.isError ? t('gamme.saisie.retry') : t('gamme.processField.record', { count: values.length })}
            </Button>
          </Group>
        </>
      )}
    </Stack>
  );
}

import type { GammePoint, SetCapturedValuesResult } from '@app/contracts';
import { Alert, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronLeft, IconChevronRight, IconPlayerSkipForward, IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { BackLink } from '../../../ui/back-link.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useCurrentSession } from '../../auth/index.ts';
import { EntryBadge, RoundPointStep, RoundSendError } from '../components/round-point-step.tsx';
import { useGammePoints, useGammes, useSendRound } from '../gamme.queries.ts';
import { orderedPoints } from '../gamme.util.ts';
import { levelOf, loadRound, newRound, type RoundEntry, roundBody, roundStorageKey, saveRound } from '../releve-round.ts';
import { useRound } from '../use-round.ts';

/** The value of an entry as the review shows it. */
function shown(point: GammePoint, e: RoundEntry, t: TFunction): string {
  if (point.dataType === 'checkbox') return e.value === 'ok' || e.value === 'nok' ? t(`gamme.saisie.${e.value}`) : '';
  if (point.dataType === 'number') return e.value.trim() ? `${e.value.trim()}${point.unite ? ` ${point.unite}` : ''}` : '';
  return e.value;
}

/**
 * /app/releves/:id: a reading round, one point at a time, for a phone held in a glove. Each entry gets its id on the
 * device; the round is kept in localStorage until it is sent once, whole (set-captured-values): a reload keeps it, a
 * resend after a network failure records nothing twice.
 */
export function ReleveRoundPage() {
  const { t } = useTranslation();
  const gammeId = Number(useParams().id);
  const session = useCurrentSession();
  const key = roundStorageKey(session.idUser, gammeId);
  const gammes = useGammes(null);
  const gamme = gammes.data?.find((g) => g.id === gammeId);
  const pointsQuery = useGammePoints(gammeId);
  const points = useMemo(() => (pointsQuery.data ? orderedPoints(pointsQuery.data) : undefined), [pointsQuery.data]);
  const [result, setResult] = useState<SetCapturedValuesResult | null>(null);
  const send = useSendRound();
  const topRef = useRef<HTMLDivElement>(null);
  const { round, setRound, problem, total, reviewing, point, entry, update, goTo, next, skip, pending, issueOf } = useRound(
    points,
    () => loadRound(key, gammeId) ?? newRound(gammeId),
    () => topRef.current?.scrollIntoView?.({ block: 'start' }),
  );

  // Every change is kept on the device until the round is sent.
  useEffect(() => {
    if (!result) saveRound(key, round);
  }, [key, round, result]);

  const body = points ? roundBody(points, round) : { values: [] };
  const submit = () =>
    send.mutate(body, {
      onSuccess: (res) => {
        setResult(res);
        saveRound(key, null);
      },
    });
  const restart = () => {
    saveRound(key, null);
    setResult(null);
    send.reset();
    setRound(newRound(gammeId));
  };

  const title = gamme ? t('gamme.saisie.roundTitle', { libelle: gamme.libelle }) : t('gamme.saisie.title');
  return (
    <Stack gap={0} maw={640} ref={topRef}>
      <BackLink to="/app/releves" label={t('gamme.saisie.backToRounds')} />
      <PageHeader title={title} />
      <QueryState query={[pointsQuery, gammes]}>
        {!points ? (
          <Stack>
            <Skeleton h={24} />
            <Skeleton h={72} />
            <Skeleton h={56} />
          </Stack>
        ) : total === 0 ? (
          <Text c="dimmed">{t('gamme.saisie.noPoints')}</Text>
        ) : result ? (
          <Stack>
            <Alert color="teal" variant="light" icon={<IconCheck />} title={t('gamme.saisie.sentTitle')} role="status">
              {t('gamme.saisie.sentText', { count: result.items.length })}
              {result.alreadyRecorded > 0 && ` ${t('gamme.saisie.alreadyRecorded', { count: result.alreadyRecorded })}`}
            </Alert>
            <Group grow>
              <Button size="lg" component={Link} to="/app/releves" variant="default">
                {t('gamme.saisie.backToRounds')}
              </Button>
              <Button size="lg" onClick={restart}>
                {t('gamme.saisie.newRound')}
              </Button>
            </Group>
          </Stack>
        ) : reviewing ? (
          <Stack gap="md">
            <Title order={2} size="h3">
              {t('gamme.saisie.review')}
            </Title>
            <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('gamme.saisie.review')}>
              {points.map((p, i) => {
                const e = round.entries[String(p.id)];
                const level = e && !e.skipped ? levelOf(p, e.value) : null;
                const issue = issueOf(p);
                return (
                  <li key={p.id}>
                    <UnstyledButton
                      onClick={() => goTo(i)}
                      w="100%"
                      mih={56}
                      p="sm"
                      style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
                    >
                      <Group justify="space-between" wrap="nowrap">
                        <div>
                          <Text fw={500}>
                            {i + 1}. {p.nom}
                          </Text>
                          {e?.comment && (
                            <Text size="sm" c="dimmed" lineClamp={2}>
                              {e.comment}
                            </Text>
                          )}
                          {p.equipementId === null && (
                            <Text size="sm" c="dimmed">
                              {t('gamme.saisie.noEquipement')}
                            </Text>
                          )}
                          {issue && (
                            <Text size="sm" c="red.9">
                              {t(`gamme.saisie.problem.${issue}`)}
                            </Text>
                          )}
                        </div>
                        <Group gap="xs" wrap="nowrap">
                          <Text fw={700}>{e && !e.skipped ? shown(p, e, t) : ''}</Text>
                          <EntryBadge skipped={e?.skipped === true} niveau={level ?? null} />
                        </Group>
                      </Group>
                    </UnstyledButton>
                  </li>
                );
              })}
            </Stack>
            {send.isError && <RoundSendError error={send.error} />}
            {pending.length > 0 && (
              <Text c="red.9" size="sm">
                {t('gamme.saisie.pending', { count: pending.length })}
              </Text>
            )}
            <Group grow>
              <Button size="lg" variant="default" leftSection={<IconChevronLeft />} onClick={() => goTo(total - 1)}>
                {t('gamme.saisie.previous')}
              </Button>
              <Button
                size="lg"
                leftSection={<IconSend />}
                loading={send.isPending}
                disabled={body.values.length === 0 || pending.length > 0}
                onClick={submit}
              >
                {send.isError ? t('gamme.saisie.retry') : t('gamme.saisie.send', { count: body.values.length })}
              </Button>
            </Group>
          </Stack>
        ) : (
          point && (
            <Stack gap="md">
              <div>
                <Text fw={700} size="lg" id="round-progress">
                  {t('gamme.saisie.progress', { n: round.index + 1, total })}
                </Text>
                <Progress.Root size="lg">
                  <Progress.Section value={((round.index + 1) / total) * 100} aria-labelledby="round-progress" />
                </Progress.Root>
              </div>
              <Paper withBorder p="md">
                <RoundPointStep
                  key={point.id}
                  point={point}
                  value={entry?.value ?? ''}
                  comment={entry?.comment ?? ''}
                  problem={problem}
                  onValue={(value) => update(point, { value })}
                  onComment={(comment) => update(point, { comment })}
                />
              </Paper>
              {entry?.skipped && (
                <Text size="sm" c="dimmed">
                  {t('gamme.saisie.wasSkipped')}
                </Text>
              )}
              <Group grow gap="sm">
                <Button
                  size="lg"
                  variant="default"
                  disabled={round.index === 0}
                  onClick={() => goTo(round.index - 1)}
                  leftSection={<IconChevronLeft />}
                >
                  {t('gamme.saisie.previous')}
                </Button>
                <Button size="lg" variant="light" color="gray" onClick={skip} leftSection={<IconPlayerSkipForward />}>
                  {t('gamme.saisie.skip')}
                </Button>
              </Group>
              <Button size="xl" h={64} onClick={next} rightSection={<IconChevronRight />}>
                {round.index === total - 1 ? t('gamme.saisie.toReview') : t('gamme.saisie.next')}
              </Button>
              <Text size="sm" c="dimmed" ta="center">
                {t('gamme.saisie.kept')}
              </Text>
            </Stack>
          )
        )}
      </QueryState>
    </Stack>
  );
}

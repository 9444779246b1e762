import type { HabilitationEvaluation, Qcm } from '@app/contracts';
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { messageOfError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useCurrentSession } from '../../auth/index.ts';
import { AttemptOutcomeCells, AttemptOutcomeHead } from '../components/evaluation-badges.tsx';
import { qcmKeys } from '../qcm.keys.ts';
import { useQcmAll, useStartEvaluation } from '../qcm.queries.ts';
import { clockOffset } from '../qcm-timer.ts';

/** /app/evaluations: the quizzes the person may take, and their attempts. */
export function EvaluationsPage() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const all = useQcmAll();
  const start = useStartEvaluation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [starting, setStarting] = useState<Qcm | null>(null);
  const setting = all.data?.setting;
  const qcms = (all.data?.qcms ?? []).filter((q) => q.actif && q.nbQuestions > 0);
  const mine = (all.data?.evaluations ?? []).filter((e) => e.utilisateurId === session.idUser);
  const running = (qcmId: number) => mine.find((e) => e.qcmId === qcmId && e.statut === 'en_cours');

  const begin = (q: Qcm) =>
    start.mutate(
      { qcmId: q.id, utilisateurId: session.idUser },
      {
        onSuccess: (ev) => {
          const offset = clockOffset(ev.startedAt, Date.now());
          queryClient.setQueryData(qcmKeys.evaluation(ev.id), ev);
          setStarting(null);
          navigate(`/app/evaluations/${ev.id}`, { state: { offset } });
        },
      },
    );

  return (
    <Stack gap={0}>
      <PageHeader title={t('qcm.passer.title')} />
      <QueryState query={all}>
        {all.isPending ? (
          <Skeleton h={160} aria-label={t('common.loading')} />
        ) : (
          <Stack gap="xl">
            <section aria-labelledby="qcm-available">
              <Title order={2} size="h4" id="qcm-available" mb="sm">
                {t('qcm.passer.available')}
              </Title>
              {qcms.length === 0 ? (
                <Text c="dimmed">{t('qcm.passer.noneAvailable')}</Text>
              ) : (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {qcms.map((q) => {
                    const current = running(q.id);
                    const n = Math.min(q.nbQuestions, Math.max(setting?.nbQuestions ?? q.nbQuestions, q.nbEliminatoires));
                    return (
                      <Card key={q.id} withBorder radius="md" padding="md" component="article" aria-labelledby={`qcm-${q.id}`}>
                        <Title order={3} size="h5" id={`qcm-${q.id}`}>
                          {q.libelle}
                        </Title>
                        {q.symboles.length > 0 && (
                          <Group gap={4} mt={4} aria-label={t('qcm.fields.symboles')}>
                            {q.symboles.map((s) => (
                              <Badge key={s} variant="light">
                                {s}
                              </Badge>
                            ))}
                          </Group>
                        )}
                        <Text size="sm" c="dimmed" mt="xs">
                          {t('qcm.passer.quizInfo', { n, minutes: setting?.dureeMinutes ?? 0, seuil: setting?.seuilReussite ?? 0 })}
                        </Text>
                        {current ? (
                          <Button
                            mt="md"
                            size="md"
                            component={Link}
                            to={`/app/evaluations/${current.id}`}
                            leftSection={<IconPlayerPlay size={18} />}
                          >
                            {t('qcm.passer.resume')}
                          </Button>
                        ) : (
                          <Button
                            mt="md"
                            size="md"
                            leftSection={<IconPlayerPlay size={18} />}
                            onClick={() => {
                              start.reset();
                              setStarting(q);
                            }}
                          >
                            {t('qcm.passer.start')}
                          </Button>
                        )}
                      </Card>
                    );
                  })}
                </SimpleGrid>
              )}
            </section>
            <section aria-labelledby="qcm-mine">
              <Title order={2} size="h4" id="qcm-mine" mb="sm">
                {t('qcm.passer.mine')}
              </Title>
              <AttemptsTable rows={mine} />
            </section>
          </Stack>
        )}
      </QueryState>
      <ConfirmModal
        opened={starting !== null}
        title={t('qcm.passer.confirmStart.title', { libelle: starting?.libelle ?? '' })}
        message={t('qcm.passer.confirmStart.text', { minutes: setting?.dureeMinutes ?? 0 })}
        confirmLabel={t('qcm.passer.start')}
        color="blue"
        loading={start.isPending}
        error={start.isError ? messageOfError(start.error) : null}
        onClose={() => setStarting(null)}
        onConfirm={() => starting && begin(starting)}
      />
    </Stack>
  );
}

/** The caller's attempts, newest first. */
function AttemptsTable({ rows }: { rows: HabilitationEvaluation[] }) {
  const { t } = useTranslation();
  const sorted = [...rows].sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  // No empty table: on a phone its scrolling box would hold nothing to focus (axe scrollable-region-focusable).
  if (sorted.length === 0) return <Text c="dimmed">{t('qcm.passer.noAttempts')}</Text>;
  return (
    <DataTable
      minWidth={560}
      striped
      aria-labelledby="qcm-mine"
      rows={sorted}
      columns={5}
      empty={t('qcm.passer.noAttempts')}
      head={
        <>
          <Table.Th>{t('qcm.fields.qcm')}</Table.Th>
          <AttemptOutcomeHead />
        </>
      }
    >
      {(e) => (
        <Table.Tr key={e.id}>
          <Table.Th scope="row" fw={500}>
            <Anchor component={Link} to={`/app/evaluations/${e.id}`}>
              {e.qcmLibelle}
            </Anchor>
          </Table.Th>
          <AttemptOutcomeCells e={e} />
        </Table.Tr>
      )}
    </DataTable>
  );
}

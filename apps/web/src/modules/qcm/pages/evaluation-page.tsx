import type { HabilitationEvaluation } from '@app/contracts';
import { Alert, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconListCheck, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { messageOfError } from '../../../lib/notify.ts';
import { BackLink } from '../../../ui/back-link.tsx';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { CountdownTimer } from '../components/countdown-timer.tsx';
import { Correction, ScoreSummary } from '../components/evaluation-result.tsx';
import { QuestionStep } from '../components/question-step.tsx';
import { qcmKeys } from '../qcm.keys.ts';
import { useEvaluation, useEvaluationScore, useSubmitEvaluation } from '../qcm.queries.ts';
import { type Answers, type AttemptNav, goTo, isAnswered, isReview, unansweredIndexes } from '../qcm-attempt.ts';
import { useAnswerSaver } from '../use-answer-saver.ts';

/** /app/evaluations/:id: an attempt while it runs, then its result. */
export function EvaluationPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const evaluation = useEvaluation(id);
  const ev = evaluation.data;
  return (
    <Stack gap={0} maw={720}>
      <BackLink to="/app/evaluations" label={t('qcm.passer.backToList')} />
      <PageHeader title={ev ? ev.qcmLibelle : t('qcm.passer.attemptTitle')} />
      <QueryState query={evaluation}>
        {!ev ? (
          <Stack aria-label={t('common.loading')}>
            <Skeleton h={24} />
            <Skeleton h={120} />
            <Skeleton h={56} />
          </Stack>
        ) : ev.statut === 'en_cours' ? (
          <RunningAttempt key={ev.id} evaluation={ev} />
        ) : (
          <AttemptResult evaluation={ev} />
        )}
      </QueryState>
    </Stack>
  );
}

/** The result and correction of a finished attempt (submitted, or closed by the time limit). */
function AttemptResult({ evaluation }: { evaluation: HabilitationEvaluation }) {
  const { t } = useTranslation();
  const score = useEvaluationScore(evaluation.id, true);
  return (
    <QueryState query={score}>
      {!score.data ? (
        <Skeleton h={140} aria-label={t('common.loading')} />
      ) : (
        <Stack gap="lg">
          <div role="status">
            <Title order={2} size="h3" mb="sm">
              {t('qcm.result.title')}
            </Title>
            <ScoreSummary score={score.data} expired={evaluation.statut === 'expiree'} />
          </div>
          {evaluation.questions && <Correction questions={evaluation.questions} score={score.data} />}
          <Button component={Link} to="/app/evaluations" variant="default" size="md">
            {t('qcm.passer.backToList')}
          </Button>
        </Stack>
      )}
    </QueryState>
  );
}

const answersOf = (ev: HabilitationEvaluation): Answers =>
  Object.fromEntries((ev.reponses ?? []).map((r) => [String(r.questionId), r.reponseIds]));

/** One question at a time, the countdown, previous / next, a review, then submit (confirmed) or time out. */
function RunningAttempt({ evaluation }: { evaluation: HabilitationEvaluation }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const questions = evaluation.questions ?? [];
  const count = questions.length;
  const initial = useMemo(() => answersOf(evaluation), [evaluation]);
  const [answers, setAnswers] = useState<Answers>(initial);
  const [nav, setNav] = useState<AttemptNav>(() => ({ index: 0, count }));
  const [confirming, setConfirming] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const saver = useAnswerSaver(evaluation.id, initial);
  const submit = useSubmitEvaluation();
  const topRef = useRef<HTMLDivElement>(null);
  // The gap between the server's clock and the device's, measured when the attempt was started (navigation state).
  const offset =
    typeof (location.state as { offset?: unknown } | null)?.offset === 'number' ? (location.state as { offset: number }).offset : 0;
  const durationMs = Date.parse(evaluation.deadline) - Date.parse(evaluation.startedAt);

  const finished = useCallback(
    (ev: HabilitationEvaluation | null) => {
      if (ev) queryClient.setQueryData(qcmKeys.evaluation(evaluation.id), (old: HabilitationEvaluation | undefined) => ({ ...old, ...ev }));
      return queryClient.invalidateQueries({ queryKey: qcmKeys.evaluation(evaluation.id) });
    },
    [queryClient, evaluation.id],
  );

  const send = async () => {
    setConfirming(false);
    await saver.flush();
    submit.mutate(evaluation.id, { onSuccess: (ev) => finished(ev) });
  };

  // Time over: what is chosen is sent (the server gives a short grace), then the attempt is submitted; if the server
  // already closed it, the result is read again (it shows as expired).
  const expire = useCallback(async () => {
    setTimedOut(true);
    setConfirming(false);
    await saver.flush();
    submit.mutate(evaluation.id, { onSuccess: (ev) => finished(ev), onError: () => finished(null) });
  }, [saver, submit, evaluation.id, finished]);

  const move = (index: number) => {
    setNav((n) => goTo(n, index));
    topRef.current?.scrollIntoView?.({ block: 'start' });
  };
  const choose = (questionId: number, reponseIds: number[]) => {
    setAnswers((a) => ({ ...a, [String(questionId)]: reponseIds }));
    void saver.save(questionId, reponseIds);
  };

  const question = isReview(nav) ? undefined : questions[nav.index];
  const unanswered = unansweredIndexes(
    questions.map((q) => q.id),
    answers,
  );
  const locked = timedOut || submit.isPending;

  return (
    <Stack gap="md" ref={topRef}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div style={{ flex: 1, minWidth: 180 }}>
          <Text fw={700} id="qcm-progress">
            {t('qcm.passer.answeredOf', { n: count - unanswered.length, total: count })}
          </Text>
          <Progress.Root size="lg">
            <Progress.Section value={count ? ((count - unanswered.length) / count) * 100 : 0} aria-labelledby="qcm-progress" />
          </Progress.Root>
        </div>
        <CountdownTimer deadline={evaluation.deadline} offset={offset} durationMs={durationMs > 0 ? durationMs : null} onExpire={expire} />
      </Group>
      <div role="status" aria-live="polite">
        {saver.state === 'failed' && (
          <Alert color="orange" variant="light" title={t('qcm.passer.saveFailed')}>
            {messageOfError(saver.lastError)} {t('qcm.passer.saveFailedHint')}
          </Alert>
        )}
        {timedOut && (
          <Alert color="red" variant="light" title={t('qcm.passer.timeOverTitle')}>
            {t('qcm.passer.timeOver')}
          </Alert>
        )}
      </div>
      {submit.isError && !timedOut && (
        <Alert color="red" variant="light" role="alert" title={t('qcm.passer.submitFailed')}>
          {messageOfError(submit.error)}
        </Alert>
      )}

      {count === 0 ? (
        <Text c="dimmed">{t('qcm.passer.noQuestions')}</Text>
      ) : question ? (
        <>
          <Paper withBorder p="md" radius="md">
            <QuestionStep
              key={question.id}
              question={question}
              n={nav.index + 1}
              total={count}
              chosen={answers[String(question.id)] ?? []}
              disabled={locked}
              onChange={(ids) => choose(question.id, ids)}
            />
          </Paper>
          <Text size="sm" c="dimmed" aria-live="polite">
            {saver.state === 'saving' ? t('qcm.passer.saving') : saver.state === 'saved' ? t('qcm.passer.saved') : '\u00a0'}
          </Text>
          <Group grow gap="sm">
            <Button
              size="lg"
              variant="default"
              disabled={nav.index === 0}
              onClick={() => move(nav.index - 1)}
              leftSection={<IconChevronLeft />}
            >
              {t('qcm.passer.previous')}
            </Button>
            <Button size="lg" onClick={() => move(nav.index + 1)} rightSection={<IconChevronRight />}>
              {nav.index === count - 1 ? t('qcm.passer.toReview') : t('qcm.passer.next')}
            </Button>
          </Group>
          <Button variant="subtle" leftSection={<IconListCheck size={18} />} onClick={() => move(count)}>
            {t('qcm.passer.review')}
          </Button>
        </>
      ) : (
        <Stack gap="md">
          <Title order={2} size="h3">
            {t('qcm.passer.review')}
          </Title>
          <Stack component="ol" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('qcm.passer.review')}>
            {questions.map((q, i) => {
              const done = isAnswered(answers, q.id);
              return (
                <li key={q.id}>
                  <UnstyledButton
                    onClick={() => move(i)}
                    w="100%"
                    mih={48}
                    p="sm"
                    style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 4 }}
                  >
                    <Group justify="space-between" wrap="nowrap">
                      <Text lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                        {i + 1}. {q.texte}
                      </Text>
                      <Text size="sm" fw={600} c={done ? 'teal.9' : 'red.9'} style={{ whiteSpace: 'nowrap' }}>
                        {done ? t('qcm.passer.answered') : t('qcm.passer.notAnswered')}
                      </Text>
                    </Group>
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
          {unanswered.length > 0 && (
            <Text c="red.9" size="sm">
              {t('qcm.passer.unanswered', { count: unanswered.length })}
            </Text>
          )}
          <Group grow gap="sm">
            <Button size="lg" variant="default" leftSection={<IconChevronLeft />} onClick={() => move(count - 1)}>
              {t('qcm.passer.previous')}
            </Button>
            <Button size="lg" leftSection={<IconSend />} loading={submit.isPending} disabled={locked} onClick={() => setConfirming(true)}>
              {t('qcm.passer.submit')}
            </Button>
          </Group>
        </Stack>
      )}
      <ConfirmModal
        opened={confirming}
        title={t('qcm.passer.confirmSubmit.title')}
        message={
          unanswered.length > 0
            ? `${t('qcm.passer.unanswered', { count: unanswered.length })} ${t('qcm.passer.confirmSubmit.text')}`
            : t('qcm.passer.confirmSubmit.text')
        }
        confirmLabel={t('qcm.passer.confirmSubmit.confirm')}
        color="blue"
        loading={submit.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() => void send()}
      />
    </Stack>
  );
}

import type { EvaluationQuestion, EvaluationScore } from '@app/contracts';
import { Alert, Badge, Group, List, Paper, RingProgress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleCheck, IconCircleX, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const fr = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 2 });

/** The score of a finished attempt: points, percent, pass or fail, a missed eliminatory question stated. */
export function ScoreSummary({ score, expired }: { score: EvaluationScore; expired?: boolean }) {
  const { t } = useTranslation();
  const color = score.reussi ? 'teal' : 'red';
  return (
    <Paper withBorder p="md" radius="md">
      <Group gap="lg" wrap="wrap">
        <RingProgress
          size={112}
          thickness={10}
          roundCaps
          sections={[{ value: Math.min(100, Math.max(0, score.percent)), color }]}
          label={
            <Text ta="center" fw={700} size="lg">
              {fr(score.percent)} %
            </Text>
          }
          aria-hidden
        />
        <Stack gap={4}>
          <Group gap="xs">
            <Badge size="xl" color={color} variant="filled" leftSection={score.reussi ? <IconCheck size={16} /> : <IconX size={16} />}>
              {score.reussi ? t('qcm.result.passed') : t('qcm.result.failed')}
            </Badge>
          </Group>
          <Text size="lg" fw={700} data-testid="qcm-score">
            {t('qcm.result.score', { score: fr(score.score), max: fr(score.max), percent: fr(score.percent) })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('qcm.result.seuil', { seuil: score.seuilReussite })} · {t(`qcm.methods.${score.methodCode}.label`)}
          </Text>
          {expired && (
            <Text size="sm" c="dimmed">
              {t('qcm.result.expired')}
            </Text>
          )}
        </Stack>
      </Group>
      {score.eliminatoireManquee && (
        <Alert mt="md" color="red" variant="light" icon={<IconAlertTriangle />} title={t('qcm.result.eliminatoireTitle')}>
          {t('qcm.result.eliminatoireText')}
        </Alert>
      )}
    </Paper>
  );
}

/** The correction, question by question: shown only once the attempt is finished (the server sends it only then). */
export function Correction({ questions, score }: { questions: EvaluationQuestion[]; score: EvaluationScore }) {
  const { t } = useTranslation();
  const byId = new Map(score.parQuestion.map((q) => [q.questionId, q]));
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('qcm.result.correction')}
      </Title>
      <Stack component="ol" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {questions.map((q, i) => {
          const r = byId.get(q.id);
          if (!r) return null;
          return (
            <Paper component="li" key={q.id} withBorder p="sm" radius="md">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <ThemeIcon color={r.juste ? 'teal' : 'red'} variant="light" aria-hidden>
                  {r.juste ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
                </ThemeIcon>
                <div style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {i + 1}. {q.texte}
                  </Text>
                  <Group gap="xs" mt={2}>
                    <Text size="sm" c={r.juste ? 'teal.9' : 'red.9'} fw={500}>
                      {r.juste ? t('qcm.result.juste') : t('qcm.result.faux')}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('qcm.result.points', { score: fr(r.score), max: fr(r.max) })}
                    </Text>
                    {r.eliminatoire && (
                      <Badge color="red" variant="light" size="sm">
                        {t('qcm.fields.eliminatoire')}
                      </Badge>
                    )}
                  </Group>
                  <List size="sm" mt={4} spacing={2} listStyleType="none">
                    {q.reponses.map((rep) => {
                      const chosen = r.reponseIds.includes(rep.id);
                      const good = r.bonnesReponseIds.includes(rep.id);
                      if (!chosen && !good) return null;
                      return (
                        <List.Item key={rep.id}>
                          <Text size="sm" span fw={good ? 600 : 400} c={good ? 'teal.9' : 'red.9'}>
                            {rep.texte}
                          </Text>{' '}
                          <Text size="sm" span c="dimmed">
                            (
                            {[chosen ? t('qcm.result.yourAnswer') : null, good ? t('qcm.result.goodAnswer') : t('qcm.result.wrongAnswer')]
                              .filter(Boolean)
                              .join(', ')}
                            )
                          </Text>
                        </List.Item>
                      );
                    })}
                    {r.reponseIds.length === 0 && (
                      <List.Item>
                        <Text size="sm" span c="dimmed">
                          {t('qcm.result.noAnswer')}
                        </Text>
                      </List.Item>
                    )}
                  </List>
                </div>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

import type { QcmQuestion } from '@app/contracts';
import { ActionIcon, Badge, Button, Group, Image, List, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCircleCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { messageOfError, notifyError } from '../../../lib/notify.ts';
import { BackLink } from '../../../ui/back-link.tsx';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { QuestionFormModal } from '../components/question-form-modal.tsx';
import { useArrangeQuestions, useDeleteQuestion, useQcmAll } from '../qcm.queries.ts';
import { moveItem } from '../qcm-editor.ts';

const fr = (n: number) => n.toLocaleString('fr-FR', { maximumFractionDigits: 2 });

/** /app/qcm/:id: the questions of a quiz, in order, with their answers (the right ones marked); add, edit, order, withdraw. */
export function QcmQuestionsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const ability = useAbility();
  const all = useQcmAll();
  const arrange = useArrangeQuestions();
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<{ open: boolean; question: { q: QcmQuestion; n: number } | null }>({
    open: false,
    question: null,
  });
  const [removing, setRemoving] = useState<{ q: QcmQuestion; n: number } | null>(null);
  const canUpdate = ability.can('update', 'Qcm');
  const qcm = all.data?.qcms.find((q) => q.id === id);
  const questions = [...(qcm?.questions ?? [])].sort((a, b) => a.idx - b.idx);

  const move = (from: number, to: number) =>
    arrange.mutate({ qcmId: id, ids: moveItem(questions, from, to).map((q) => q.id) }, { onError: notifyError });

  return (
    <Stack gap={0} maw={960}>
      <BackLink to="/app/qcm" label={t('qcm.backToBank')} />
      <PageHeader
        title={qcm ? t('qcm.questions.title', { libelle: qcm.libelle }) : t('qcm.questions.loadingTitle')}
        actions={
          canUpdate &&
          qcm && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, question: null })}>
              {t('qcm.questions.add')}
            </Button>
          )
        }
      />
      <QueryState query={all}>
        {all.isPending ? (
          <Skeleton h={200} aria-label={t('common.loading')} />
        ) : !qcm ? (
          <Text c="dimmed">{t('qcm.questions.notFound')}</Text>
        ) : questions.length === 0 ? (
          <Text c="dimmed">{t('qcm.questions.empty')}</Text>
        ) : (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('qcm.questions.count', { count: questions.length, elim: questions.filter((q) => q.eliminatoire).length })}
            </Text>
            <Stack
              component="ol"
              gap="sm"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('qcm.fields.nbQuestions')}
              aria-busy={arrange.isPending}
            >
              {questions.map((q, i) => {
                const n = i + 1;
                return (
                  <Paper component="li" key={q.id} withBorder p="md" radius="md" aria-labelledby={`question-${q.id}`}>
                    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
                      <div style={{ minWidth: 0, flex: 1 }}>
                        <Text fw={600} id={`question-${q.id}`} style={{ overflowWrap: 'anywhere' }}>
                          {n}. {q.texte}
                        </Text>
                        <Group gap={6} mt={4}>
                          <Badge variant="light" color="gray">
                            {q.multiple ? t('qcm.questions.multiple') : t('qcm.questions.single')}
                          </Badge>
                          <Badge variant="light" color="blue">
                            {t('qcm.questions.points', { count: q.points, formatted: fr(q.points) })}
                          </Badge>
                          {q.eliminatoire && (
                            <Badge variant="light" color="red">
                              {t('qcm.fields.eliminatoire')}
                            </Badge>
                          )}
                        </Group>
                        {q.image && (
                          <Image
                            src={q.image}
                            alt={t('qcm.questions.imageAlt', { n })}
                            mah={120}
                            w="auto"
                            fit="contain"
                            mt="xs"
                            radius="sm"
                          />
                        )}
                        <List size="sm" mt="xs" spacing={2} listStyleType="none">
                          {[...q.reponses]
                            .sort((a, b) => a.idx - b.idx)
                            .map((r) => (
                              <List.Item key={r.id}>
                                <Group gap={6} wrap="nowrap" align="flex-start">
                                  {r.correcte ? (
                                    <IconCircleCheck size={18} color="var(--mantine-color-teal-8)" aria-hidden style={{ flexShrink: 0 }} />
                                  ) : (
                                    <span style={{ width: 18, flexShrink: 0 }} />
                                  )}
                                  <Text size="sm" fw={r.correcte ? 600 : 400} style={{ overflowWrap: 'anywhere' }}>
                                    {r.texte}
                                    {r.correcte && (
                                      <Text span size="sm" c="teal.9">
                                        {' '}
                                        ({t('qcm.questions.good')})
                                      </Text>
                                    )}
                                  </Text>
                                </Group>
                              </List.Item>
                            ))}
                        </List>
                      </div>
                      {canUpdate && (
                        <Group gap={4} wrap="nowrap">
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('qcm.questions.up', { n })}
                            disabled={i === 0 || arrange.isPending}
                            onClick={() => move(i, i - 1)}
                          >
                            <IconArrowUp size={16} />
                          </ActionIcon>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('qcm.questions.down', { n })}
                            disabled={i === questions.length - 1 || arrange.isPending}
                            onClick={() => move(i, i + 1)}
                          >
                            <IconArrowDown size={16} />
                          </ActionIcon>
                          <RowAction
                            label={t('qcm.questions.edit', { n })}
                            tooltip={t('common.edit')}
                            onClick={() => setEditing({ open: true, question: { q, n } })}
                          >
                            <IconPencil size={18} />
                          </RowAction>
                          <RowAction
                            label={t('qcm.questions.remove', { n })}
                            tooltip={t('common.delete')}
                            color="red"
                            onClick={() => {
                              remove.reset();
                              setRemoving({ q, n });
                            }}
                          >
                            <IconTrash size={18} />
                          </RowAction>
                        </Group>
                      )}
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          </Stack>
        )}
      </QueryState>
      {qcm && (
        <QuestionFormModal
          opened={editing.open}
          qcmId={qcm.id}
          question={editing.question}
          onClose={() => setEditing((e) => ({ ...e, open: false }))}
        />
      )}
      <ConfirmModal
        opened={removing !== null}
        title={t('qcm.questions.confirmRemove.title')}
        message={t('qcm.questions.confirmRemove.text', { n: removing?.n ?? 0 })}
        confirmLabel={t('qcm.questions.confirmRemove.title')}
        loading={remove.isPending}
        error={remove.isError ? messageOfError(remove.error) : null}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.q.id, { onSuccess: () => setRemoving(null) })}
      />
    </Stack>
  );
}

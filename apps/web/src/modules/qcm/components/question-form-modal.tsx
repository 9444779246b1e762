import type { QcmQuestion } from '@app/contracts';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Image,
  NumberInput,
  Radio,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useSaveQuestion } from '../qcm.queries.ts';
import { MAX_REPONSES, markCorrect, moveItem, type QuestionDraft, type QuestionProblem, questionProblems } from '../qcm-editor.ts';

const IMAGE_MAX = 5 * 1024 * 1024;
const blank = (): QuestionDraft => ({
  texte: '',
  multiple: false,
  eliminatoire: false,
  points: 1,
  reponses: [
    { texte: '', correcte: true },
    { texte: '', correcte: false },
  ],
});
const draftOf = (q: QcmQuestion): QuestionDraft => ({
  texte: q.texte,
  multiple: q.multiple,
  eliminatoire: q.eliminatoire,
  points: q.points,
  reponses: [...q.reponses].sort((a, b) => a.idx - b.idx).map((r) => ({ id: r.id, texte: r.texte, correcte: r.correcte === true })),
});

interface Props {
  opened: boolean;
  qcmId: number;
  /** The question edited (with its position, 1-based), or null for a new one. */
  question: { q: QcmQuestion; n: number } | null;
  onClose: () => void;
}

/**
 * A question of the bank: its text, an optional image, single or multiple answers, points, the eliminatory flag, and
 * its answers with the right ones marked. Checked before sending (qcm-editor.ts): two answers at least, one right
 * answer at least, exactly one for a single-answer question.
 */
export function QuestionFormModal({ opened, qcmId, question, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveQuestion();
  const [draft, setDraft] = useState<QuestionDraft>(blank);
  const [image, setImage] = useState<File | null>(null);
  const [shown, setShown] = useState<QuestionProblem[]>([]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another question is opened
  useEffect(() => {
    if (opened) {
      setDraft(question ? draftOf(question.q) : blank());
      setImage(null);
      setShown([]);
      save.reset();
    }
  }, [opened, question?.q.id]);

  const problems = questionProblems(draft);
  const has = (p: QuestionProblem) => shown.includes(p);
  const patch = (p: Partial<QuestionDraft>) => {
    setDraft((d) => ({ ...d, ...p }));
    if (shown.length) setShown(questionProblems({ ...draft, ...p }));
  };
  const setReponses = (reponses: QuestionDraft['reponses']) => patch({ reponses });
  const imageTooBig = image !== null && image.size > IMAGE_MAX;

  const submit = () => {
    if (problems.length || imageTooBig) {
      setShown(problems);
      return;
    }
    save.mutate(
      {
        body: {
          ...(question ? { id: question.q.id } : {}),
          qcmId,
          texte: draft.texte.trim(),
          multiple: draft.multiple,
          eliminatoire: draft.eliminatoire,
          points: typeof draft.points === 'string' ? Number(draft.points.replace(',', '.')) : draft.points,
          reponses: draft.reponses.map((r) => ({ ...(r.id ? { id: r.id } : {}), texte: r.texte.trim(), correcte: r.correcte })),
        },
        image,
      },
      { onSuccess: onClose },
    );
  };

  const answersProblem = (['tooFewReponses', 'noCorrect', 'singleNeedsOne', 'duplicateReponse', 'reponseTexteRequired'] as const).filter(
    has,
  );
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={question ? t('qcm.questionForm.editTitle', { n: question.n }) : t('qcm.questionForm.createTitle')}
      noValidate
      onSubmit={submit}
      error={save.error}
      submitting={save.isPending}
    >
      <Textarea
        label={t('qcm.fields.texte')}
        required
        autosize
        minRows={2}
        maxLength={4000}
        data-autofocus
        value={draft.texte}
        onChange={(e) => patch({ texte: e.currentTarget.value })}
        error={has('texteRequired') ? t('qcm.problems.texteRequired') : undefined}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('qcm.fields.points')}
          required
          min={0.5}
          max={100}
          step={0.5}
          decimalScale={2}
          decimalSeparator=","
          value={draft.points}
          onChange={(v) => patch({ points: v })}
          error={has('pointsInvalid') ? t('qcm.problems.pointsInvalid') : undefined}
        />
        <Stack gap="xs" pt={4}>
          <Switch
            label={t('qcm.fields.multiple')}
            checked={draft.multiple}
            onChange={(e) => patch({ multiple: e.currentTarget.checked })}
          />
          <Switch
            label={t('qcm.fields.eliminatoire')}
            color="red"
            checked={draft.eliminatoire}
            onChange={(e) => patch({ eliminatoire: e.currentTarget.checked })}
          />
        </Stack>
      </Group>
      <div>
        {question?.q.image && !image && (
          <Stack gap={4} mb="xs">
            <Text size="sm" fw={500}>
              {t('qcm.questionForm.imageCurrent')}
            </Text>
            <Image
              src={question.q.image}
              alt={t('qcm.questions.imageAlt', { n: question.n })}
              mah={160}
              w="auto"
              fit="contain"
              radius="sm"
            />
          </Stack>
        )}
        <FileInput
          label={t('qcm.fields.image')}
          placeholder={t('qcm.questionForm.imageChoose')}
          accept="image/png,image/jpeg,image/webp"
          leftSection={<IconPhoto size={16} aria-hidden />}
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          value={image}
          onChange={setImage}
          error={imageTooBig ? t('qcm.questionForm.imageTooBig') : undefined}
        />
      </div>
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }} aria-describedby="qcm-reponses-hint">
        <Text component="legend" fw={500} size="sm">
          {t('qcm.fields.reponses')}
        </Text>
        <Text size="sm" c="dimmed" id="qcm-reponses-hint" mb="xs">
          {draft.multiple ? t('qcm.questionForm.correctHintMultiple') : t('qcm.questionForm.correctHintSingle')}
        </Text>
        <Stack gap="xs">
          {draft.reponses.map((r, i) => {
            const n = i + 1;
            const label = t('qcm.fields.reponse', { n });
            const correctLabel = `${t('qcm.fields.correcte')} — ${label}`;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: answers being typed have no id yet; the position is their identity
              <Group key={i} gap="xs" wrap="nowrap" align="center">
                {draft.multiple ? (
                  <Checkbox
                    aria-label={correctLabel}
                    checked={r.correcte}
                    onChange={() => setReponses(markCorrect(draft.reponses, i, true))}
                    color="teal"
                  />
                ) : (
                  <Radio
                    aria-label={correctLabel}
                    name="qcm-correcte"
                    checked={r.correcte}
                    onChange={() => setReponses(markCorrect(draft.reponses, i, false))}
                    color="teal"
                  />
                )}
                <TextInput
                  aria-label={label}
                  placeholder={label}
                  style={{ flex: 1 }}
                  maxLength={4000}
                  value={r.texte}
                  onChange={(e) => {
                    const texte = e.currentTarget.value;
                    setReponses(draft.reponses.map((x, j) => (j === i ? { ...x, texte } : x)));
                  }}
                  error={has('reponseTexteRequired') && r.texte.trim() === ''}
                />
                <ActionIcon
                  variant="subtle"
                  aria-label={t('qcm.questionForm.upReponse', { n })}
                  disabled={i === 0}
                  onClick={() => setReponses(moveItem(draft.reponses, i, i - 1))}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('qcm.questionForm.downReponse', { n })}
                  disabled={i === draft.reponses.length - 1}
                  onClick={() => setReponses(moveItem(draft.reponses, i, i + 1))}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={t('qcm.questionForm.removeReponse', { n })}
                  disabled={draft.reponses.length <= 2}
                  onClick={() => setReponses(draft.reponses.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
        <Button
          mt="xs"
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          disabled={draft.reponses.length >= MAX_REPONSES}
          onClick={() => setReponses([...draft.reponses, { texte: '', correcte: false }])}
        >
          {t('qcm.questionForm.addReponse')}
        </Button>
        {answersProblem.length > 0 && (
          <Alert color="red" variant="light" role="alert" mt="xs">
            {answersProblem.map((p) => (
              <Text key={p} size="sm">
                {t(`qcm.problems.${p}`)}
              </Text>
            ))}
          </Alert>
        )}
      </fieldset>
    </FormModal>
  );
}

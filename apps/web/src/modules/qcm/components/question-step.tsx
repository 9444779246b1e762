import { Badge, Checkbox, Group, Image, Radio, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { toggleAnswer } from '../qcm-attempt.ts';

/** A question as the person taking the quiz sees it (never which answers are correct). */
export interface StepQuestion {
  id: number;
  texte: string;
  image?: string | null;
  multiple: boolean;
  eliminatoire?: boolean;
  points?: number;
  reponses: { id: number; texte: string }[];
}

interface Props {
  question: StepQuestion;
  /** Position (1-based) and count, for the heading. */
  n: number;
  total: number;
  chosen: number[];
  disabled?: boolean;
  onChange: (chosen: number[]) => void;
}

/**
 * One question, for a phone: each answer is a whole-width card (56 px at least) that a thumb hits; a single-answer
 * question is a radio group (arrow keys move between answers), a multiple one a group of checkboxes.
 */
export function QuestionStep({ question, n, total, chosen, disabled, onChange }: Props) {
  const { t } = useTranslation();
  const titleId = `question-${question.id}-title`;
  const hintId = `question-${question.id}-hint`;
  const name = `question-${question.id}`;
  const Card = question.multiple ? Checkbox.Card : Radio.Card;
  return (
    <Stack gap="md">
      <div>
        <Group gap="xs" mb={4}>
          <Text size="sm" c="dimmed">
            {t('qcm.passer.questionOf', { n, total })}
          </Text>
          {question.eliminatoire && (
            <Badge color="red" variant="light">
              {t('qcm.fields.eliminatoire')}
            </Badge>
          )}
        </Group>
        <Title order={2} size="h3" id={titleId} style={{ overflowWrap: 'anywhere' }}>
          {question.texte}
        </Title>
        <Text size="sm" c="dimmed" id={hintId}>
          {question.multiple ? t('qcm.passer.hintMultiple') : t('qcm.passer.hintSingle')}
        </Text>
      </div>
      {question.image && <Image src={question.image} alt={t('qcm.passer.imageAlt', { n })} radius="sm" mah={280} fit="contain" />}
      <Stack gap="sm" role={question.multiple ? 'group' : 'radiogroup'} aria-labelledby={titleId} aria-describedby={hintId}>
        {question.reponses.map((r) => {
          const checked = chosen.includes(r.id);
          return (
            <Card
              key={r.id}
              name={name}
              value={String(r.id)}
              checked={checked}
              disabled={disabled}
              onClick={() => onChange(toggleAnswer(chosen, r.id, question.multiple))}
              radius="md"
              p="md"
              mih={56}
              style={{ borderWidth: checked ? 2 : 1, borderColor: checked ? 'var(--mantine-color-blue-7)' : undefined }}
            >
              <Group wrap="nowrap" align="center" gap="md">
                {question.multiple ? <Checkbox.Indicator checked={checked} size="md" /> : <Radio.Indicator checked={checked} size="md" />}
                <Text size="lg" style={{ overflowWrap: 'anywhere' }}>
                  {r.texte}
                </Text>
              </Group>
            </Card>
          );
        })}
      </Stack>
    </Stack>
  );
}

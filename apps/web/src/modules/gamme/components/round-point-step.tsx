import type { GammePoint, Niveau } from '@app/contracts';
import { formatDate, formatTime } from '@app/contracts';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconUrgent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../../../lib/notify.ts';
import { frNumber, rangeText } from '../gamme.util.ts';
import { type EntryProblem, levelOf } from '../releve-round.ts';

export const LEVEL_COLORS: Record<Niveau, string> = { ok: 'teal', warning: 'orange', alarm: 'red' };

/** The level of a value, as a badge (history, review). */
export function LevelBadge({ niveau }: { niveau: Niveau }) {
  const { t } = useTranslation();
  return (
    <Badge color={LEVEL_COLORS[niveau]} variant="light">
      {t(`gamme.niveaux.${niveau}`)}
    </Badge>
  );
}

/** Where a point of a round stands in the summary: skipped, its level once read, or not read yet. */
export function EntryBadge({ skipped, niveau }: { skipped: boolean; niveau: Niveau | null }) {
  const { t } = useTranslation();
  if (skipped)
    return (
      <Badge color="gray" variant="outline">
        {t('gamme.saisie.skipped')}
      </Badge>
    );
  if (niveau) return <LevelBadge niveau={niveau} />;
  return (
    <Badge color="gray" variant="outline">
      {t('gamme.saisie.notRead')}
    </Badge>
  );
}

/** The refusal of a round's sending, with what to do (the entries stay on the phone). */
export function RoundSendError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={t('gamme.saisie.sendFailed')}>
      {messageOfError(error)} {t('gamme.saisie.sendFailedHint')}
    </Alert>
  );
}

/** What the value typed says against the point's thresholds, before anything is sent. */
export function LevelNotice({ point, value }: { point: GammePoint; value: string }) {
  const { t } = useTranslation();
  const level = levelOf(point, value);
  // A live region that is always there, so a screen reader hears the level change as the value is typed.
  return (
    <div role="status" aria-live="polite">
      {level === 'warning' && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle />} title={t('gamme.saisie.warningTitle')}>
          {t('gamme.saisie.warningText', { plage: rangeText(point, t('gamme.alerte')) })}
        </Alert>
      )}
      {level === 'alarm' && (
        <Alert color="red" variant="light" icon={<IconUrgent />} title={t('gamme.saisie.alarmTitle')}>
          {t('gamme.saisie.alarmText', { plage: rangeText(point, t('gamme.alerte')) })}
        </Alert>
      )}
      {level === 'ok' && point.dataType === 'number' && (
        <Group gap={6} c="teal.9">
          <IconCircleCheck size={20} aria-hidden />
          <Text size="md" fw={500}>
            {t('gamme.saisie.okText')}
          </Text>
        </Group>
      )}
    </div>
  );
}

interface Props {
  point: GammePoint;
  value: string;
  comment: string;
  problem: EntryProblem;
  onValue: (value: string) => void;
  onComment: (comment: string) => void;
}

/** One point of a round, for a gloved hand: large input and choices, the previous value, the level before sending. */
export function RoundPointStep({ point, value, comment, problem, onValue, onComment }: Props) {
  const { t } = useTranslation();
  const level = levelOf(point, value);
  const outOfRange = level === 'warning' || level === 'alarm';
  const choices = ((point.propertyValues.options as { id?: unknown; libelle?: string }[] | undefined) ?? []).filter((o) => o.libelle);
  const inputId = `releve-${point.id}`;
  return (
    <Stack gap="md">
      <div>
        <Title order={2} size="h3">
          {point.nom}
        </Title>
        {point.equipementName && (
          <Text size="md" c="dimmed">
            {point.equipementName}
          </Text>
        )}
        {point.dataType === 'number' && rangeText(point, t('gamme.alerte')) && (
          <Text size="sm" c="dimmed">
            {t('gamme.saisie.plage', { plage: rangeText(point, t('gamme.alerte')) })}
          </Text>
        )}
      </div>
      {point.precedent && (
        <Paper withBorder p="sm" bg="gray.0">
          <Text size="sm" c="dimmed">
            {t('gamme.saisie.precedent')}
          </Text>
          <Group gap="xs">
            <Text size="lg" fw={700}>
              {point.dataType === 'number' ? frNumber(Number(point.precedent.value)) || point.precedent.value : point.precedent.value}
              {point.unite && point.dataType === 'number' ? ` ${point.unite}` : ''}
            </Text>
            <LevelBadge niveau={point.precedent.niveau} />
          </Group>
          <Text size="sm" c="dimmed">
            {t('gamme.saisie.le', { date: formatDate(point.precedent.capturedAt), heure: formatTime(point.precedent.capturedAt) })}
          </Text>
        </Paper>
      )}
      {point.dataType === 'number' && (
        <TextInput
          id={inputId}
          label={t('gamme.saisie.valeur')}
          size="xl"
          inputMode="decimal"
          autoComplete="off"
          enterKeyHint="next"
          value={value}
          onChange={(e) => onValue(e.currentTarget.value)}
          rightSection={point.unite ? <Text size="lg">{point.unite}</Text> : null}
          rightSectionWidth={point.unite ? 72 : undefined}
          error={problem === 'notNumber' ? t('gamme.saisie.notNumber') : problem === 'required' ? t('gamme.saisie.required') : undefined}
          data-autofocus
          styles={{ input: { fontSize: 32, fontWeight: 700, height: 72 } }}
        />
      )}
      {point.dataType === 'checkbox' && (
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" fw={500} mb={4}>
            {t('gamme.saisie.valeur')}
          </Text>
          <SimpleGrid cols={2}>
            {(['ok', 'nok'] as const).map((v) => (
              <Button
                key={v}
                size="xl"
                h={72}
                variant={value === v ? 'filled' : 'default'}
                color={v === 'ok' ? 'teal' : 'red'}
                aria-pressed={value === v}
                onClick={() => onValue(v)}
              >
                {t(`gamme.saisie.${v}`)}
              </Button>
            ))}
          </SimpleGrid>
          {problem === 'required' && (
            <Text c="red.9" size="sm" mt={4}>
              {t('gamme.saisie.required')}
            </Text>
          )}
        </fieldset>
      )}
      {point.dataType === 'select' && (
        <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Text component="legend" fw={500} mb={4}>
            {t('gamme.saisie.valeur')}
          </Text>
          <Stack gap="xs">
            {choices.map((o) => (
              <Button
                key={String(o.id ?? o.libelle)}
                size="xl"
                mih={56}
                variant={value === o.libelle ? 'filled' : 'default'}
                aria-pressed={value === o.libelle}
                onClick={() => onValue(o.libelle ?? '')}
              >
                {o.libelle}
              </Button>
            ))}
          </Stack>
          {problem === 'required' && (
            <Text c="red.9" size="sm" mt={4}>
              {t('gamme.saisie.required')}
            </Text>
          )}
        </fieldset>
      )}
      {point.dataType === 'text' && (
        <Textarea
          label={t('gamme.saisie.valeur')}
          size="lg"
          autosize
          minRows={2}
          maxLength={4000}
          value={value}
          onChange={(e) => onValue(e.currentTarget.value)}
          error={problem === 'required' ? t('gamme.saisie.required') : undefined}
        />
      )}
      <LevelNotice point={point} value={value} />
      <Textarea
        label={outOfRange ? t('gamme.saisie.commentRequired') : t('gamme.saisie.comment')}
        required={outOfRange}
        size="lg"
        autosize
        minRows={2}
        maxLength={4000}
        value={comment}
        onChange={(e) => onComment(e.currentTarget.value)}
        error={problem === 'commentRequired' ? t('gamme.saisie.commentMissing') : undefined}
      />
    </Stack>
  );
}

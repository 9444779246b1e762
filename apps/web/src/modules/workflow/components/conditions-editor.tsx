import { CONDITION_EFFECTS, CONDITION_OPERATORS, type Metrique } from '@app/contracts';
import { ActionIcon, Button, Card, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../lib/labels.ts';
import { type ConditionDraft, emptyCondition, emptyTest, operatorNeedsValue, patchTest, valueChoices } from '../workflow-editor.util.ts';

interface Props {
  value: ConditionDraft[];
  onChange: (v: ConditionDraft[]) => void;
  /** Fields of the same workflow a test may read. */
  candidates: Metrique[];
  disabled: boolean;
  /** Where each candidate lives, for the picker's labels. */
  etapeNom: (etapeId: number) => string;
}

/** Show / hide / require this field when every test on other fields of the workflow holds. */
export function ConditionsEditor({ value, onChange, candidates, disabled, etapeNom }: Props) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const fieldData = candidates.map((f) => ({ value: String(f.id), label: `${f.nom} (${etapeNom(f.etape_id)})` }));
  const operatorData = CONDITION_OPERATORS.map((o) => ({ value: o, label: t(`workflow.operators.${o}`) }));
  const effectData = CONDITION_EFFECTS.map((e) => ({ value: e, label: t(`workflow.effects.${e}`) }));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('workflow.conditions.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('workflow.conditions.help')}
      </Text>
      {value.map((c, ci) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: conditions have no id of their own
        <Card key={ci} withBorder padding="xs">
          <Stack gap={6}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <Select
                size="xs"
                label={t('workflow.conditions.effect', { n: ci + 1 })}
                data={effectData}
                value={c.effect}
                allowDeselect={false}
                disabled={disabled}
                onChange={(v) => v && onChange(value.map((x, i) => (i === ci ? { ...x, effect: v as ConditionDraft['effect'] } : x)))}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                disabled={disabled}
                aria-label={t('workflow.conditions.remove', { n: ci + 1 })}
                onClick={() => onChange(value.filter((_, i) => i !== ci))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            {c.tests.map((test, ti) => {
              const target = candidates.find((f) => f.id === test.metriqueId);
              const choices = valueChoices(target, codeLabel);
              const n = `${ci + 1}.${ti + 1}`;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: tests have no id of their own
                <Group key={ti} gap={4} align="flex-end" wrap="wrap">
                  <Select
                    size="xs"
                    label={t('workflow.conditions.field', { n })}
                    placeholder={t('workflow.conditions.fieldPlaceholder')}
                    data={fieldData}
                    searchable
                    value={test.metriqueId === null ? null : String(test.metriqueId)}
                    disabled={disabled}
                    onChange={(v) => onChange(patchTest(value, ci, ti, { metriqueId: v ? Number(v) : null }))}
                    style={{ flex: 2, minWidth: 160 }}
                  />
                  <Select
                    size="xs"
                    label={t('workflow.conditions.operator', { n })}
                    data={operatorData}
                    value={test.operator}
                    allowDeselect={false}
                    disabled={disabled}
                    onChange={(v) => v && onChange(patchTest(value, ci, ti, { operator: v as typeof test.operator }))}
                    style={{ flex: 1, minWidth: 120 }}
                  />
                  {operatorNeedsValue(test.operator) &&
                    (choices ? (
                      <Select
                        size="xs"
                        label={t('workflow.conditions.value', { n })}
                        data={choices}
                        value={test.value || null}
                        disabled={disabled}
                        onChange={(v) => onChange(patchTest(value, ci, ti, { value: v ?? '' }))}
                        style={{ flex: 1, minWidth: 120 }}
                      />
                    ) : (
                      <TextInput
                        size="xs"
                        label={t('workflow.conditions.value', { n })}
                        value={test.value}
                        disabled={disabled}
                        onChange={(e) => onChange(patchTest(value, ci, ti, { value: e.currentTarget.value }))}
                        style={{ flex: 1, minWidth: 120 }}
                      />
                    ))}
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mb={2}
                    disabled={disabled || c.tests.length === 1}
                    aria-label={t('workflow.conditions.removeTest', { n })}
                    onClick={() => onChange(value.map((x, i) => (i === ci ? { ...x, tests: x.tests.filter((_, j) => j !== ti) } : x)))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Group>
              );
            })}
            {!disabled && (
              <Group>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconPlus size={12} />}
                  onClick={() => onChange(value.map((x, i) => (i === ci ? { ...x, tests: [...x.tests, emptyTest()] } : x)))}
                >
                  {t('workflow.conditions.addTest', { n: ci + 1 })}
                </Button>
              </Group>
            )}
          </Stack>
        </Card>
      ))}
      {!disabled && (
        <Group>
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...value, emptyCondition()])}>
            {t('workflow.conditions.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

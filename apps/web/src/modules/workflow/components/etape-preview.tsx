import { type Etape, fieldState, type Metrique } from '@app/contracts';
import {
  Box,
  Card,
  Checkbox,
  Fieldset,
  MultiSelect,
  NumberInput,
  Radio,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../lib/labels.ts';
import { orderedFields, typeLabel } from '../workflow-editor.util.ts';

type Values = Record<string, unknown>;

/**
 * The step's form as a process would show it, with its conditions applied (fieldState of the contracts) on
 * sample values typed here; nothing is saved.
 */
export function EtapePreview({ etape }: { etape: Etape }) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const [values, setValues] = useState<Values>({});
  const set = (id: number, v: unknown) => setValues((old) => ({ ...old, [String(id)]: v }));
  let hiddenCount = 0;

  const render = (f: Metrique) => {
    const state = fieldState(f, values);
    if (!state.visible) {
      hiddenCount++;
      return null;
    }
    const v = values[String(f.id)];
    const common = { label: f.nom, required: state.required, withAsterisk: state.required };
    const excluded = new Set((f.propertyValues.excludedIds ?? []).map(String));
    const options = (f.propertyValues.options ?? [])
      .filter((o) => !excluded.has(String(o.id)))
      .map((o) => ({ value: String(o.id), label: o.libelle || String(o.id) }));
    switch (f.dataType) {
      case 'group':
        return (
          <Fieldset key={f.id} legend={f.nom}>
            <Stack gap="xs">{orderedFields(f.children ?? []).map(render)}</Stack>
          </Fieldset>
        );
      case 'textarea':
        return (
          <Textarea
            key={f.id}
            {...common}
            value={String(v ?? '')}
            onChange={(e) => set(f.id, e.currentTarget.value)}
            autosize
            minRows={2}
          />
        );
      case 'number':
        return (
          <NumberInput
            key={f.id}
            {...common}
            min={f.propertyValues.min}
            max={f.propertyValues.max}
            suffix={f.propertyValues.unit ? ` ${f.propertyValues.unit}` : undefined}
            value={(v as number | string | undefined) ?? ''}
            onChange={(n) => set(f.id, n === '' ? null : n)}
          />
        );
      case 'date':
      case 'hour':
        return (
          <TextInput
            key={f.id}
            {...common}
            type={f.dataType === 'date' ? 'date' : 'time'}
            value={String(v ?? '')}
            onChange={(e) => set(f.id, e.currentTarget.value)}
          />
        );
      case 'checkbox':
        return (
          <Checkbox
            key={f.id}
            label={f.nom + (state.required ? ' *' : '')}
            checked={v === true}
            onChange={(e) => set(f.id, e.currentTarget.checked ? true : null)}
          />
        );
      case 'radio':
        return (
          <Radio.Group key={f.id} {...common} value={(v as string | undefined) ?? null} onChange={(x) => set(f.id, x)}>
            <Stack gap={4} mt={4}>
              {options.map((o) => (
                <Radio key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Radio.Group>
        );
      case 'select':
        return f.propertyValues.multiple ? (
          <MultiSelect key={f.id} {...common} data={options} value={(v as string[] | undefined) ?? []} onChange={(x) => set(f.id, x)} />
        ) : (
          <Select
            key={f.id}
            {...common}
            data={options}
            value={(v as string | undefined) ?? null}
            onChange={(x) => set(f.id, x)}
            clearable
          />
        );
      case 'checkbox_options':
        return (
          <Checkbox.Group key={f.id} {...common} value={(v as string[] | undefined) ?? []} onChange={(x) => set(f.id, x)}>
            <Stack gap={4} mt={4}>
              {options.map((o) => (
                <Checkbox key={o.value} value={o.value} label={o.label} />
              ))}
            </Stack>
          </Checkbox.Group>
        );
      case 'text':
        return (
          <TextInput
            key={f.id}
            {...common}
            placeholder={f.propertyValues.placeholder}
            value={String(v ?? '')}
            onChange={(e) => set(f.id, e.currentTarget.value)}
          />
        );
      default:
        // Signatures, pickers, files, computed and layout kinds: shown by their kind, not fillable here.
        return (
          <Box key={f.id}>
            <Text size="sm" fw={500}>
              {f.nom}
              {state.required && (
                <Text span c="red.9">
                  {' '}
                  *
                </Text>
              )}
            </Text>
            <Box p="sm" style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 6 }}>
              <Text size="xs" c="dimmed">
                {typeLabel(f.dataType, codeLabel)}
              </Text>
            </Box>
          </Box>
        );
    }
  };

  const rendered = orderedFields(etape.metriques).map(render);
  return (
    <Card withBorder padding="sm">
      <Title order={2} size="h4">
        {t('workflow.preview.title', { name: etape.nom })}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('workflow.preview.help')}
      </Text>
      <Stack gap="sm" role="group" aria-label={t('workflow.preview.title', { name: etape.nom })}>
        {etape.metriques.length === 0 ? <Text c="dimmed">{t('workflow.noField')}</Text> : rendered}
      </Stack>
      {hiddenCount > 0 && (
        <Text size="xs" c="dimmed" mt="sm" aria-live="polite">
          {t('workflow.preview.hidden', { count: hiddenCount })}
        </Text>
      )}
    </Card>
  );
}

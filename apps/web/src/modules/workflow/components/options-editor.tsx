import { ActionIcon, Button, Checkbox, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface OptionDraft {
  id: string;
  libelle: string;
  en: string;
  excluded: boolean;
}

/** Options of a select, radio or checkbox list: id, French and English labels, excluded flag. */
export function OptionsEditor({
  value,
  onChange,
  disabled,
}: {
  value: OptionDraft[];
  onChange: (v: OptionDraft[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const patch = (i: number, p: Partial<OptionDraft>) => onChange(value.map((o, j) => (j === i ? { ...o, ...p } : o)));
  const nextId = () => {
    let n = value.length + 1;
    while (value.some((o) => o.id === `option_${n}`)) n++;
    return `option_${n}`;
  };
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('workflow.options.title')}
      </Text>
      {value.length === 0 ? (
        <Text size="xs" c="dimmed">
          {t('workflow.options.empty')}
        </Text>
      ) : (
        <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('workflow.options.id')}</Table.Th>
              <Table.Th>{t('workflow.options.libelle')}</Table.Th>
              <Table.Th>{t('workflow.options.en')}</Table.Th>
              <Table.Th>{t('workflow.options.excluded')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {value.map((o, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the id is being typed, the row is its position
              <Table.Tr key={i}>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t('workflow.options.idOf', { n: i + 1 })}
                    value={o.id}
                    disabled={disabled}
                    onChange={(e) => patch(i, { id: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t('workflow.options.libelleOf', { n: i + 1 })}
                    value={o.libelle}
                    disabled={disabled}
                    onChange={(e) => patch(i, { libelle: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    aria-label={t('workflow.options.enOf', { n: i + 1 })}
                    value={o.en}
                    disabled={disabled}
                    onChange={(e) => patch(i, { en: e.currentTarget.value })}
                  />
                </Table.Td>
                <Table.Td>
                  <Checkbox
                    aria-label={t('workflow.options.excludedOf', { n: i + 1 })}
                    checked={o.excluded}
                    disabled={disabled}
                    onChange={(e) => patch(i, { excluded: e.currentTarget.checked })}
                  />
                </Table.Td>
                <Table.Td>
                  <ActionIcon
                    size="md"
                    variant="subtle"
                    color="red"
                    disabled={disabled}
                    aria-label={t('workflow.options.remove', { name: o.libelle || o.id || i + 1 })}
                    onClick={() => onChange(value.filter((_, j) => j !== i))}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!disabled && (
        <Group>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => onChange([...value, { id: nextId(), libelle: '', en: '', excluded: false }])}
          >
            {t('workflow.options.add')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

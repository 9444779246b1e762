import type { ListColumn, SortKey } from '@app/contracts';
import { ActionIcon, Checkbox, Drawer, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useListLabels } from '../liste-labels.ts';
import { isSortKey, moveColumn, type TableSettings } from '../liste-settings.ts';

interface TableSettingsDrawerProps {
  opened: boolean;
  onClose: () => void;
  settings: TableSettings;
  workflows: { value: string; label: string }[];
  onChange: (s: TableSettings) => void;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={title}>
      <Title order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** "Paramètres du tableau": columns shown, workflows, column order and sort; each change is saved at once. */
export function TableSettingsDrawer({ opened, onClose, settings, workflows, onChange }: TableSettingsDrawerProps) {
  const { t } = useTranslation();
  const column = useListLabels().column;
  const s = settings;
  const toggle = <T,>(list: readonly T[], v: T, on: boolean) => (on ? [...list.filter((x) => x !== v), v] : list.filter((x) => x !== v));
  const sortable = s.order.filter(isSortKey);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      title={t('liste.settings.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="lg">
        <Section title="Colonne">
          {s.order.map((c) => (
            <Checkbox
              key={c}
              label={column(c)}
              checked={!s.hidden.includes(c)}
              onChange={(e) => onChange({ ...s, hidden: toggle(s.hidden, c, !e.currentTarget.checked) })}
            />
          ))}
        </Section>
        <Section title="Workflow">
          {workflows.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('liste.settings.noWorkflow')}
            </Text>
          )}
          {workflows.map((w) => (
            <Checkbox
              key={w.value}
              label={w.label}
              checked={s.workflows.includes(Number(w.value))}
              onChange={(e) => onChange({ ...s, workflows: toggle(s.workflows, Number(w.value), e.currentTarget.checked) })}
            />
          ))}
          <Text size="xs" c="dimmed">
            {t('liste.settings.workflowHint')}
          </Text>
        </Section>
        <Section title="Ordre d’affichage">
          {s.order.map((c: ListColumn, i) => (
            <Group key={c} justify="space-between" wrap="nowrap">
              <Text size="sm">{column(c)}</Text>
              <Group gap={4}>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('liste.settings.up', { column: column(c) })}
                  disabled={i === 0}
                  onClick={() => onChange({ ...s, order: moveColumn(s.order, c, -1) })}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  aria-label={t('liste.settings.down', { column: column(c) })}
                  disabled={i === s.order.length - 1}
                  onClick={() => onChange({ ...s, order: moveColumn(s.order, c, 1) })}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Group>
            </Group>
          ))}
        </Section>
        <Section title="Tri">
          <Select
            label={t('liste.settings.sortKey')}
            data={sortable.map((c) => ({ value: c, label: column(c) }))}
            value={s.sort.key}
            onChange={(v) => v && onChange({ ...s, sort: { ...s.sort, key: v as SortKey } })}
            allowDeselect={false}
          />
          <Select
            label={t('liste.settings.sortOrder')}
            data={[
              { value: 'asc', label: t('liste.settings.asc') },
              { value: 'desc', label: t('liste.settings.desc') },
            ]}
            value={s.sort.order}
            onChange={(v) => v && onChange({ ...s, sort: { ...s.sort, order: v as 'asc' | 'desc' } })}
            allowDeselect={false}
          />
        </Section>
      </Stack>
    </Drawer>
  );
}

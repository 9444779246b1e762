import { CRUD_ACTIONS, type CrudAction } from '@app/contracts';
import { Button, Group, Paper, Select, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TriState } from '../permission-matrix.util.ts';

type Choice = 'keep' | 'inherit' | 'grant' | 'deny';
const TO_FLAG: Record<Exclude<Choice, 'keep'>, TriState> = { inherit: null, grant: true, deny: false };

interface Props {
  count: number;
  saving: boolean;
  onApply: (patch: Partial<Record<CrudAction, TriState>>) => void;
}

/** Chooses a value per control and applies it to every selected item at once. */
export function BulkApplyBar({ count, saving, onApply }: Props) {
  const { t } = useTranslation();
  const [choices, setChoices] = useState<Record<CrudAction, Choice>>({
    manage: 'keep',
    create: 'keep',
    read: 'keep',
    update: 'keep',
    delete: 'keep',
  });
  const data = (['keep', 'inherit', 'grant', 'deny'] as const).map((c) => ({ value: c, label: t(`permission.bulk.${c}`) }));
  const patch = Object.fromEntries(
    CRUD_ACTIONS.filter((a) => choices[a] !== 'keep').map((a) => [a, TO_FLAG[choices[a] as Exclude<Choice, 'keep'>]]),
  ) as Partial<Record<CrudAction, TriState>>;
  const empty = Object.keys(patch).length === 0;
  return (
    <Paper withBorder p="sm" mb="md" component="section" aria-label={t('permission.bulk.title')}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        {CRUD_ACTIONS.map((a) => (
          <Select
            key={a}
            label={t(`permission.actions.${a}`)}
            data={data}
            value={choices[a]}
            allowDeselect={false}
            onChange={(v) => setChoices((c) => ({ ...c, [a]: (v ?? 'keep') as Choice }))}
            w={140}
            size="xs"
          />
        ))}
        <Button size="xs" disabled={count === 0 || empty} loading={saving} onClick={() => onApply(patch)}>
          {t('permission.bulk.apply', { count })}
        </Button>
        <Text size="xs" c="dimmed">
          {t('permission.bulk.help')}
        </Text>
      </Group>
    </Paper>
  );
}

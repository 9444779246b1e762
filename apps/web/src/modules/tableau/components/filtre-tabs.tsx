import { ActionIcon, Button, Group, Tabs, Text, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Filtre } from '../tableau.queries.ts';
import { type CritereContext, critereText } from '../tableau-criteres.ts';

/** The tab of all the board's processes (no filter). */
export const ALL_TAB = 'tous';

interface FiltreTabsProps {
  filtres: readonly Filtre[];
  /** ALL_TAB or a filter id. */
  value: string;
  onChange: (tab: string) => void;
  /** May add, edit, reorder and delete filters. */
  canManage: boolean;
  ctx: CritereContext;
  onAdd: () => void;
  onEdit: (f: Filtre) => void;
  onDelete: (f: Filtre) => void;
  onMove: (f: Filtre, delta: -1 | 1) => void;
}

function Action({
  label,
  onClick,
  disabled,
  color,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} disabled={disabled}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The board's filters as tabs (« Tous » first), the active filter's criteria in words, and their controls. */
export function FiltreTabs({ filtres, value, onChange, canManage, ctx, onAdd, onEdit, onDelete, onMove }: FiltreTabsProps) {
  const { t } = useTranslation();
  const index = filtres.findIndex((f) => String(f.id) === value);
  const active = index >= 0 ? filtres[index] : null;
  return (
    <>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Tabs value={value} onChange={(v) => v && onChange(v)} style={{ flex: 1 }}>
          <Tabs.List aria-label={t('tableau.filtre.tabs')}>
            <Tabs.Tab value={ALL_TAB}>{t('tableau.filtre.all')}</Tabs.Tab>
            {filtres.map((f) => (
              <Tabs.Tab key={f.id} value={String(f.id)}>
                {f.nom}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {canManage && (
          <Group gap={4} wrap="nowrap">
            {active && (
              <>
                <Action label={t('tableau.filtre.moveLeft', { nom: active.nom })} disabled={index === 0} onClick={() => onMove(active, -1)}>
                  <IconArrowLeft size={18} />
                </Action>
                <Action
                  label={t('tableau.filtre.moveRight', { nom: active.nom })}
                  disabled={index === filtres.length - 1}
                  onClick={() => onMove(active, 1)}
                >
                  <IconArrowRight size={18} />
                </Action>
                <Action label={t('tableau.filtre.edit', { nom: active.nom })} onClick={() => onEdit(active)}>
                  <IconPencil size={18} />
                </Action>
                <Action label={t('tableau.filtre.delete', { nom: active.nom })} color="red" onClick={() => onDelete(active)}>
                  <IconTrash size={18} />
                </Action>
              </>
            )}
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={onAdd}>
              {t('tableau.filtre.new')}
            </Button>
          </Group>
        )}
      </Group>
      {active && (
        <Text size="sm" c="dimmed" mt={6}>
          {active.criteres.length ? active.criteres.map((c) => critereText(c, ctx)).join(' ; ') : t('tableau.filtre.noCriteria')}
        </Text>
      )}
    </>
  );
}

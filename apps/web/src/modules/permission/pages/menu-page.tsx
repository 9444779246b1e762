import { ActionIcon, Badge, Button, Group, Stack, Switch, Table, Tabs, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabel } from '../../../lib/labels.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { inLogiciel, isDirty, moveItem, neighbour } from '../menu-editor.util.ts';
import { type MenuItemRow, useArrangeMenu, useMenu } from '../permission.queries.ts';
import { flattenMenu } from '../permission-matrix.util.ts';

/** /app/menu: the company's menu per software; reorder (drag, or Monter/Descendre), show or hide, save. */
export function MenuPage() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const ability = useAbility();
  const canEdit = ability.can('update', 'MenuItem');
  const [isEE, setIsEE] = useState(false);
  const [tab, setTab] = useState<string>('all');
  const menu = useMenu(isEE);
  const arrange = useArrangeMenu(isEE);
  const [draft, setDraft] = useState<MenuItemRow[] | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  useEffect(() => setDraft(menu.data ?? null), [menu.data]);

  const rows = useMemo(() => (draft ? flattenMenu(draft.filter((i) => inLogiciel(i, tab))) : undefined), [draft, tab]);
  const dirty = Boolean(menu.data && draft && isDirty(menu.data, draft));
  // A software the company does not have is named from the catalogue, never by its code (« mo »).
  const logicielLabel = (code: string | null) =>
    code === null ? t('menuEditor.allLogiciels') : codeLabel(t, 'logiciel', code, session.logiciels.find((l) => l.code === code)?.libelle);
  const move = (id: number, targetId: number, position: 'before' | 'after') =>
    setDraft((d) => (d ? moveItem(d, id, targetId, position) : d));

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('menuEditor.title')}
        actions={
          canEdit && (
            <>
              <Button variant="default" disabled={!dirty || arrange.isPending} onClick={() => setDraft(menu.data ?? null)}>
                {t('menuEditor.reset')}
              </Button>
              <Button
                disabled={!dirty}
                loading={arrange.isPending}
                onClick={() =>
                  draft && arrange.mutate(draft.map((i) => ({ id: i.id, parentId: i.parentId, idx: i.idx, hidden: i.hidden })))
                }
              >
                {t('common.save')}
              </Button>
            </>
          )
        }
      />
      <Group mb="md" justify="space-between" wrap="wrap">
        <Switch label={t('permission.ee')} checked={isEE} disabled={dirty} onChange={(e) => setIsEE(e.currentTarget.checked)} />
        {dirty && (
          <Text size="sm" c="orange" aria-live="polite">
            {t('menuEditor.unsaved')}
          </Text>
        )}
      </Group>
      <Tabs value={tab} onChange={(v) => setTab(v ?? 'all')} mb="md">
        <Tabs.List>
          <Tabs.Tab value="all">{t('menuEditor.allLogiciels')}</Tabs.Tab>
          {session.logiciels.map((l) => (
            <Tabs.Tab key={l.code} value={l.code}>
              {l.libelle}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <Text size="sm" c="dimmed" mb="sm">
        {t('menuEditor.help')}
      </Text>
      <QueryState query={menu}>
        <DataTable
          minWidth={640}
          verticalSpacing={6}
          aria-label={t('menuEditor.title')}
          rows={rows}
          columns={5}
          empty={t('menuEditor.empty')}
          head={
            <>
              <Table.Th w={32}>
                <VisuallyHidden>{t('menuEditor.drag')}</VisuallyHidden>
              </Table.Th>
              <Table.Th>{t('menuEditor.item')}</Table.Th>
              <Table.Th>{t('menuEditor.logiciel')}</Table.Th>
              <Table.Th>{t('menuEditor.visible')}</Table.Th>
              <Table.Th ta="right">{t('menuEditor.order')}</Table.Th>
            </>
          }
        >
          {({ item, depth }) => {
            const up = draft ? neighbour(draft, item.id, -1, tab) : null;
            const down = draft ? neighbour(draft, item.id, 1, tab) : null;
            const name = `« ${item.libelle} »`;
            return (
              <Table.Tr
                key={item.id}
                draggable={canEdit}
                onDragStart={(e) => {
                  setDragged(item.id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(item.id));
                }}
                onDragEnd={() => setDragged(null)}
                onDragOver={(e) => {
                  const from = draft?.find((i) => i.id === dragged);
                  if (from && from.parentId === item.parentId) e.preventDefault();
                }}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragged === null || !draft) return;
                  const from = draft.find((i) => i.id === dragged);
                  if (!from) return;
                  move(dragged, item.id, from.idx < item.idx ? 'after' : 'before');
                  setDragged(null);
                }}
                style={{ opacity: dragged === item.id ? 0.5 : undefined, cursor: canEdit ? 'grab' : undefined }}
              >
                <Table.Td>{canEdit && <IconGripVertical size={16} aria-hidden color="gray" />}</Table.Td>
                <Table.Th scope="row" fw={depth === 0 ? 600 : 400}>
                  <Group gap="xs" pl={depth * 24} wrap="nowrap">
                    <Text size="sm" fw="inherit" c={item.hidden ? 'dimmed' : undefined}>
                      {item.libelle}
                    </Text>
                    {item.hidden && (
                      <Badge size="xs" variant="outline" color="gray">
                        {t('permission.hidden')}
                      </Badge>
                    )}
                  </Group>
                </Table.Th>
                <Table.Td>
                  <Text size="sm">{logicielLabel(item.logiciel)}</Text>
                </Table.Td>
                <Table.Td>
                  <Switch
                    aria-label={t('menuEditor.show', { item: item.libelle })}
                    checked={!item.hidden}
                    disabled={!canEdit}
                    onChange={(e) => {
                      const hidden = !e.currentTarget.checked;
                      setDraft((d) => d?.map((i) => (i.id === item.id ? { ...i, hidden } : i)) ?? d);
                    }}
                  />
                </Table.Td>
                <Table.Td>
                  {canEdit && (
                    <Group gap={4} justify="flex-end" wrap="nowrap">
                      <Tooltip label={t('menuEditor.up')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('menuEditor.up')} ${name}`}
                          disabled={!up}
                          onClick={() => up && move(item.id, up.id, 'before')}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t('menuEditor.down')}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('menuEditor.down')} ${name}`}
                          disabled={!down}
                          onClick={() => down && move(item.id, down.id, 'after')}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          }}
        </DataTable>
      </QueryState>
    </Stack>
  );
}

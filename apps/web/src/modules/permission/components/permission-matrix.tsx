import { CRUD_ACTIONS, type CrudAction } from '@app/contracts';
import { Badge, Checkbox, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/data-table.tsx';
import type { MenuItemRow, PermissionEntry } from '../permission.queries.ts';
import { cellState, type MatrixHolder, type MenuTreeRow } from '../permission-matrix.util.ts';
import { PermissionCell } from './permission-cell.tsx';

interface Props {
  rows: MenuTreeRow<MenuItemRow>[] | undefined;
  entries: PermissionEntry[] | undefined;
  holder: MatrixHolder;
  loading: boolean;
  readOnly: boolean;
  saving: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], checked: boolean) => void;
  onCycle: (row: MenuTreeRow<MenuItemRow>, action: CrudAction) => void;
}

/** Menu items (indented tree) against the five controls, each cell showing its effective, explained value. */
export function PermissionMatrix({ rows, entries, holder, loading, readOnly, saving, selected, onSelect, onCycle }: Props) {
  const { t } = useTranslation();
  const labels = new Map(rows?.map((r) => [r.item.id, r.item.libelle]));
  const labelOf = (id: number) => labels.get(id) ?? `#${id}`;
  const allIds = rows?.map((r) => r.item.id) ?? [];
  const allSelected = allIds.length > 0 && allIds.every((id) => selected.has(id));
  const someSelected = allIds.some((id) => selected.has(id));
  return (
    <DataTable
      minWidth={720}
      verticalSpacing={6}
      highlightOnHover
      aria-label={t('permission.matrixLabel')}
      aria-busy={saving || loading}
      rows={loading || !entries ? undefined : rows}
      columns={7}
      empty={t('permission.emptyMenu')}
      head={
        <>
          <Table.Th w={40}>
            {!readOnly && (
              <Checkbox
                aria-label={t('permission.selectAll')}
                checked={allSelected}
                indeterminate={someSelected && !allSelected}
                onChange={(e) => onSelect(allIds, e.currentTarget.checked)}
              />
            )}
          </Table.Th>
          <Table.Th>{t('permission.item')}</Table.Th>
          {CRUD_ACTIONS.map((a) => (
            <Table.Th key={a} ta="center">
              {t(`permission.actions.${a}`)}
            </Table.Th>
          ))}
        </>
      }
    >
      {(row) => (
        <Table.Tr key={row.item.id}>
          <Table.Td>
            {!readOnly && (
              <Checkbox
                aria-label={t('permission.selectItem', { item: row.item.libelle })}
                checked={selected.has(row.item.id)}
                onChange={(e) => onSelect([row.item.id], e.currentTarget.checked)}
              />
            )}
          </Table.Td>
          <Table.Th scope="row" fw={row.depth === 0 ? 600 : 400}>
            <Group gap="xs" wrap="nowrap" pl={row.depth * 24}>
              <Text size="sm" fw="inherit">
                {row.item.libelle}
              </Text>
              {row.item.hidden && (
                <Badge size="xs" variant="outline" color="gray">
                  {t('permission.hidden')}
                </Badge>
              )}
            </Group>
          </Table.Th>
          {CRUD_ACTIONS.map((a) => (
            <Table.Td key={a} ta="center">
              <Group justify="center">
                <PermissionCell
                  action={a}
                  itemLabel={row.item.libelle}
                  state={cellState(entries ?? [], row.chain, holder, a)}
                  labelOf={labelOf}
                  disabled={readOnly || saving}
                  onCycle={() => onCycle(row, a)}
                />
              </Group>
            </Table.Td>
          ))}
        </Table.Tr>
      )}
    </DataTable>
  );
}

import { LIST_COLUMNS, type ListColumn } from '@app/contracts';
import { Badge, Box, Group, Table } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SortableTh } from '../../../ui/sortable-th.tsx';
import { TableRows } from '../../../ui/table-rows.tsx';
import { cellText } from '../liste-cells.ts';
import { isSortKey, type TableSettings } from '../liste-settings.ts';
import type { SearchRow } from '../liste.queries.ts';

interface ListTableProps {
  label: string;
  columns: ListColumn[];
  rows: readonly SearchRow[] | undefined;
  busy: boolean;
  empty: string;
  sort: TableSettings['sort'];
  onSort: (sort: TableSettings['sort']) => void;
  timeZone: string;
}

/**
 * The rows of a list, header kept in view while scrolling. Rows are reached with Tab then the arrow keys
 * (one row in the tab order at a time), Enter or a click opens the process. Not virtualised:
 * @tanstack/react-virtual is not a dependency of the web app.
 */
export function ListTable({ label, columns, rows, busy, empty, sort, onSort, timeZone }: ListTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = (id: number) => navigate(`/app/processus/${id}`);
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    const row = e.currentTarget;
    const target = e.key === 'ArrowDown' ? row.nextElementSibling : e.key === 'ArrowUp' ? row.previousElementSibling : null;
    if (target instanceof HTMLElement) {
      e.preventDefault();
      row.tabIndex = -1;
      target.tabIndex = 0;
      target.focus();
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(id);
    }
  };
  return (
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 300px)', minHeight: 200 }}>
      <Table stickyHeader striped highlightOnHover verticalSpacing="xs" miw={900} aria-label={label} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) =>
              isSortKey(c) ? (
                <SortableTh key={c} column={c} sort={sort.key} order={sort.order} onSort={(key, order) => onSort({ key, order })}>
                  {LIST_COLUMNS[c]}
                </SortableTh>
              ) : (
                <Table.Th key={c}>{LIST_COLUMNS[c]}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <TableRows rows={rows} columns={columns.length} empty={empty} skeletonRows={8}>
          {(r, i) => (
            <Table.Tr
              key={r.id}
              tabIndex={i === 0 ? 0 : -1}
              style={{ cursor: 'pointer' }}
              onClick={() => open(r.id)}
              onKeyDown={(e) => onKeyDown(e, r.id)}
              aria-label={r.nomProcess}
            >
              {columns.map((c) =>
                c === 'nomProcess' ? (
                  <Table.Td key={c} fw={500}>
                    <Group gap={6} wrap="nowrap">
                      {r.nomProcess}
                      {r.lockedProcess && (
                        <Badge size="sm" color="gray" variant="light">
                          {t('liste.sequenced')}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                ) : (
                  <Table.Td key={c}>{cellText(r, c, timeZone)}</Table.Td>
                ),
              )}
            </Table.Tr>
          )}
        </TableRows>
      </Table>
    </Box>
  );
}

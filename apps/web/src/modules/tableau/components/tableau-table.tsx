import type { Metrique } from '@app/contracts';
import { Box, Table } from '@mantine/core';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCodeLabel } from '../../../lib/labels.ts';
import { SortableTh } from '../../../ui/sortable-th.tsx';
import { TableRows } from '../../../ui/table-rows.tsx';
import type { TableauRow } from '../tableau.queries.ts';
import { type BoardColumn, cellText, type Sort } from '../tableau-columns.ts';

interface TableauTableProps {
  label: string;
  columns: readonly BoardColumn[];
  /** undefined while the first page loads. */
  rows: readonly TableauRow[] | undefined;
  busy: boolean;
  empty: string;
  sort: Sort;
  onSort: (sort: Sort) => void;
  fields: ReadonlyMap<number, Metrique>;
}

/** The processes of a board: a click, or Enter on a row reached with Tab and the arrow keys, opens the process. */
export function TableauTable({ label, columns, rows, busy, empty, sort, onSort, fields }: TableauTableProps) {
  const { i18n } = useTranslation();
  const codeLabel = useCodeLabel();
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
    <Box style={{ overflow: 'auto', maxHeight: 'calc(100vh - 340px)', minHeight: 200 }}>
      <Table stickyHeader striped highlightOnHover verticalSpacing="xs" miw={900} aria-label={label} aria-busy={busy}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <SortableTh key={c.key} column={c.key} sort={sort.key} order={sort.order} onSort={(key, order) => onSort({ key, order })}>
                {c.label}
              </SortableTh>
            ))}
          </Table.Tr>
        </Table.Thead>
        <TableRows rows={rows} columns={Math.max(1, columns.length)} empty={empty} skeletonRows={8}>
          {(r, i) => (
            <Table.Tr
              key={r.id}
              tabIndex={i === 0 ? 0 : -1}
              style={{ cursor: 'pointer' }}
              onClick={() => open(r.id)}
              onKeyDown={(e) => onKeyDown(e, r.id)}
              aria-label={r.nomProcess}
            >
              {columns.map((c) => (
                <Table.Td key={c.key} fw={c.key === 'nomProcess' ? 500 : undefined}>
                  {cellText(r, c.key, fields, i18n.language, codeLabel)}
                </Table.Td>
              ))}
            </Table.Tr>
          )}
        </TableRows>
      </Table>
    </Box>
  );
}

import type { Metrique } from '@app/contracts';
import { Box, Table } from '@mantine/core';
import { type KeyboardEvent, startTransition, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCodeLabel } from '../../../lib/labels.ts';
import { useNearViewport } from '../../../lib/near-viewport.ts';
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

/** Rows built with the board: what its box shows on a phone; then slices of ROWS_MORE. */
export const ROWS_FIRST = 12;
const ROWS_MORE = 24;

/** An empty row under the rows built so far: when the box is scrolled near it, `onNear` builds the next ones. */
function MoreRows({ columns, onNear }: { columns: number; onNear: () => void }) {
  const [ref, near] = useNearViewport<HTMLTableRowElement>();
  useEffect(() => {
    if (near) onNear();
  }, [near, onNear]);
  return (
    <tr ref={ref} aria-hidden data-more-rows="">
      <td colSpan={columns} style={{ padding: 0, border: 0, height: 1 }} />
    </tr>
  );
}

/**
 * The processes of a board: a click, or Enter on a row reached with Tab and the arrow keys, opens the process.
 * A page holds up to 500 rows: the first ROWS_FIRST are built with the board, the others a slice at a time as the
 * table's box is scrolled towards them, and all of them once the focus enters the rows (the arrow keys then reach
 * every row). Issue 16: 100 rows of a dozen cells were written into the page in one long task.
 */
export function TableauTable({ label, columns, rows, busy, empty, sort, onSort, fields }: TableauTableProps) {
  const { i18n } = useTranslation();
  const codeLabel = useCodeLabel();
  const navigate = useNavigate();
  const [built, setBuilt] = useState(ROWS_FIRST);
  const total = rows?.length ?? 0;
  const more = built < total;
  const buildMore = useCallback(() => startTransition(() => setBuilt((n) => n + ROWS_MORE)), []);
  const buildAll = () => {
    if (more) startTransition(() => setBuilt(Number.POSITIVE_INFINITY));
  };
  const open = (id: number) => navigate(`/app/processus/${id}`);
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, id: number) => {
    const row = e.currentTarget;
    const next = e.key === 'ArrowDown' ? row.nextElementSibling : e.key === 'ArrowUp' ? row.previousElementSibling : null;
    const target = next instanceof HTMLElement && !next.hasAttribute('data-more-rows') ? next : null;
    if (target) {
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
    // With rows to build later, the box has its full height from the start: they do not make it grow (layout shift).
    <Box style={{ overflow: 'auto', [total > ROWS_FIRST ? 'height' : 'maxHeight']: 'calc(100vh - 340px)', minHeight: 200 }}>
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
        <TableRows
          rows={more ? rows?.slice(0, built) : rows}
          columns={Math.max(1, columns.length)}
          empty={empty}
          skeletonRows={8}
          onFocus={buildAll}
          after={more && <MoreRows key={built} columns={Math.max(1, columns.length)} onNear={buildMore} />}
        >
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

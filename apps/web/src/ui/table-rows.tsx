import { type MantineSpacing, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableSkeleton } from './table-skeleton.tsx';

export interface TableRowsProps<T> {
  /** undefined while loading. */
  rows: readonly T[] | undefined;
  columns: number;
  /** Shown across the table when there are no rows. */
  empty: ReactNode;
  skeletonRows?: number;
  emptyPadding?: MantineSpacing;
  children: (row: T, index: number, rows: readonly T[]) => ReactNode;
}

/** A table body: placeholder rows while loading, the empty message, or one row per item. */
export function TableRows<T>({ rows, columns, empty, skeletonRows, emptyPadding = 'lg', children }: TableRowsProps<T>) {
  return (
    <Table.Tbody>
      {!rows ? (
        <TableSkeleton columns={columns} rows={skeletonRows} />
      ) : rows.length === 0 ? (
        <Table.Tr>
          <Table.Td colSpan={columns}>
            <Text ta="center" c="dimmed" py={emptyPadding}>
              {empty}
            </Text>
          </Table.Td>
        </Table.Tr>
      ) : (
        rows.map((row, i) => children(row, i, rows))
      )}
    </Table.Tbody>
  );
}

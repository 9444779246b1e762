import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { TableRows, type TableRowsProps } from './table-rows.tsx';

type DataTableProps<T> = TableRowsProps<T> &
  Omit<TableProps, 'children'> & {
    /** Below this width the table scrolls sideways. */
    minWidth: number;
    /** The header cells. */
    head: ReactNode;
  };

/** A scrollable table with its header, and a body that shows loading, empty or the rows. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { minWidth, head, rows, columns, empty, skeletonRows, emptyPadding, children, ...tableProps } = props;
  return (
    <Table.ScrollContainer minWidth={minWidth}>
      <Table {...tableProps}>
        <Table.Thead>
          <Table.Tr>{head}</Table.Tr>
        </Table.Thead>
        <TableRows rows={rows} columns={columns} empty={empty} skeletonRows={skeletonRows} emptyPadding={emptyPadding}>
          {children}
        </TableRows>
      </Table>
    </Table.ScrollContainer>
  );
}

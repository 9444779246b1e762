import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type SortOrder = 'asc' | 'desc';

interface SortableThProps<S extends string> {
  column: S;
  sort: S;
  order: SortOrder;
  onSort: (column: S, order: SortOrder) => void;
  children: ReactNode;
}

/** A column header that sorts on click or Enter/Space (a real button), with aria-sort on the cell. */
export function SortableTh<S extends string>({ column, sort, order, onSort, children }: SortableThProps<S>) {
  const active = column === sort;
  const Icon = active ? (order === 'asc' ? IconChevronUp : IconChevronDown) : IconSelector;
  return (
    <Table.Th aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton
        onClick={() => onSort(column, active && order === 'asc' ? 'desc' : 'asc')}
        w="100%"
        // 44 px high on a touch screen (theme.css).
        mod="touch-target"
      >
        <Group justify="space-between" gap={4} wrap="nowrap">
          {/* A title too long for its column wraps, even inside a word; the icon keeps its room. */}
          <Text fw={600} size="sm" miw={0} style={{ overflowWrap: 'anywhere' }}>
            {children}
          </Text>
          <Icon size={14} aria-hidden style={{ flex: 'none' }} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

import type { ListColumn } from '@app/contracts';
import { Badge, Box, Group, Table } from '@mantine/core';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import {
  defaultRangeExtractor,
  measureElement,
  observeElementRect,
  type Range,
  useVirtualizer,
  type VirtualItem,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { type KeyboardEvent, memo, type RefObject, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { type CodeLabel, useCodeLabel } from '../../../lib/labels.ts';
import { SortableTh } from '../../../ui/sortable-th.tsx';
import { TableRows } from '../../../ui/table-rows.tsx';
import type { SearchRow } from '../liste.queries.ts';
import { cellText } from '../liste-cells.ts';
import { useListLabels } from '../liste-labels.ts';
import { isSortKey, type TableSettings } from '../liste-settings.ts';

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

/** Height of a row before it is measured (Mantine `xs` spacing, one line of text). */
const ROW_ESTIMATE = 43;
/** Height of the header row before it is measured (its sort buttons, one line). */
const HEAD_ESTIMATE = 45;
/**
 * Each column's share of the table's width: with a fixed table layout the widths follow the screen, not the rows
 * in view, which change while scrolling a virtualised list.
 */
const COLUMN_WEIGHTS: Record<ListColumn, number> = {
  numero: 6,
  nomProcess: 17,
  equipement: 14,
  prestataire: 12,
  workflow: 13,
  typeConsignation: 13,
  preparateur: 12,
  dateDebut: 8,
  dateFin: 8,
  status: 12,
  origin: 9,
  article: 12,
  quantity: 7,
  fournisseur: 12,
  dateSouhaitee: 9,
  niveau: 6,
  dateDemande: 9,
  dateValidation: 9,
};

/** The columns' widths in percent of the table. */
function columnWidths(columns: readonly ListColumn[]): string[] {
  const total = columns.reduce((sum, c) => sum + COLUMN_WEIGHTS[c], 0);
  return columns.map((c) => `${Math.round((COLUMN_WEIGHTS[c] / total) * 1000) / 10}%`);
}

/** Height of the scroll box when it has none (no layout: jsdom, a hidden tab): about 15 rows. */
const FALLBACK_VIEWPORT = 640;
const OVERSCAN = 8;

// Stable for the table's life (TanStack Table v9): no optional feature, the server sorts and pages.
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, SearchRow>();
const NO_ROWS: readonly SearchRow[] = [];

function columnDefs(
  columns: readonly ListColumn[],
  timeZone: string,
  sequenced: string,
  header: (c: ListColumn) => string,
  label: CodeLabel,
) {
  return helper.columns(
    columns.map((c) =>
      c === 'nomProcess'
        ? helper.accessor('nomProcess', {
            id: c,
            header: header(c),
            cell: ({ row }) => (
              <Group gap={6} wrap="nowrap">
                {row.original.nomProcess}
                {row.original.lockedProcess && (
                  <Badge size="sm" color="gray" variant="light">
                    {sequenced}
                  </Badge>
                )}
              </Group>
            ),
          })
        : helper.accessor((r) => cellText(r, c, timeZone, label), { id: c, header: header(c), cell: (info) => info.getValue() }),
    ),
  );
}

/** Without layout the scroll box measures 0 × 0: the virtualizer then assumes a box of a usual height. */
function observeRectWithFallback(
  instance: Virtualizer<HTMLDivElement, HTMLTableRowElement>,
  cb: (rect: { width: number; height: number }) => void,
) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT }));
}
/**
 * A row's height, from the resize observer's entry only (issue 16, the list's first display). The row's ref asks too,
 * as the row is attached (no entry): reading its height there forced a layout of the page in the middle of the commit,
 * and a height other than the estimate re-rendered the table at once, synchronously, in the same long task. There the
 * known height (or the estimate) is answered; the observer, which reports every row as it starts observing it, after
 * layout and without forcing one, brings the real height, and the table is rendered again in a task of its own.
 */
function measureRow(
  element: HTMLTableRowElement,
  entry: ResizeObserverEntry | undefined,
  instance: Virtualizer<HTMLDivElement, HTMLTableRowElement>,
) {
  if (!entry) return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? ROW_ESTIMATE;
  const size = measureElement(element, entry, instance);
  return size > 0 ? size : ROW_ESTIMATE;
}

/**
 * The sticky header's height, for the virtualizer's offsets: an estimate first, then what a resize observer reports
 * (after layout, in a task of its own). Read in a layout effect after each commit, it forced a layout and, at the first
 * display, a second synchronous render of the table.
 */
function useHeadHeight(head: RefObject<HTMLElement | null>): number {
  const [height, setHeight] = useState(HEAD_ESTIMATE);
  useEffect(() => {
    const el = head.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const size = entry?.borderBoxSize?.[0]?.blockSize;
      if (size) setHeight(Math.round(size));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [head]);
  return height;
}

type Slot = { kind: 'pad'; key: string; height: number } | { kind: 'row'; item: VirtualItem; position: number };

/**
 * The rows of a list (TanStack Table), header kept in view while scrolling. Only the rows in view (and a few
 * around) are in the DOM (TanStack Virtual): padding rows above and below keep the scroll height, so pages of
 * 100 to 1000 rows stay light. Rows are reached with Tab (one row in the tab order at a time), then moved
 * through with the arrow keys, Home/End and PageUp/PageDown; Enter or a click opens the process. Memoised: the list
 * screen renders again as its other requests arrive (workflows, people: the filters' choices) and the rows need not.
 */
export const ListTable = memo(function ListTable({ label, columns, rows, busy, empty, sort, onSort, timeZone }: ListTableProps) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // The process screen's « back » returns to this list, its filters included.
  const open = (id: number) => navigate(`/app/processus/${id}`, { state: { from: `${location.pathname}${location.search}` } });

  const sequenced = t('liste.sequenced');
  const columnKey = columns.join(',');
  const { column: header } = useListLabels();
  const codeLabel = useCodeLabel();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers and the codes' labels change with the language only.
  const defs = useMemo(
    () => columnDefs(columnKey.split(',') as ListColumn[], timeZone, sequenced, header, codeLabel),
    [columnKey, timeZone, sequenced, language],
  );
  const table = useTable({ features, columns: defs, data: rows ?? NO_ROWS, getRowId: (r) => String(r.id) });
  const model = table.getRowModel().rows;

  // The row in the tab order, by process id: it stays the same row when a live update reorders the list.
  const [activeId, setActiveId] = useState<string | null>(null);
  const found = activeId === null ? -1 : model.findIndex((r) => r.id === activeId);
  const active = found === -1 ? 0 : found;

  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const headHeight = useHeadHeight(headRef);

  // The focused row stays rendered when scrolled away, so focus is never lost to the page.
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range);
      return active < range.count && !indexes.includes(active) ? [...indexes, active].sort((a, b) => a - b) : indexes;
    },
    [active],
  );
  const getItemKey = useCallback((i: number) => model[i]?.id ?? i, [model]);
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLTableRowElement>({
    count: model.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE,
    getItemKey,
    overscan: OVERSCAN,
    rangeExtractor,
    observeElementRect: observeRectWithFallback,
    measureElement: measureRow,
    initialRect: { width: 0, height: FALLBACK_VIEWPORT },
    // The list starts below the sticky header, which also covers the top of the box.
    scrollMargin: headHeight,
    scrollPaddingStart: headHeight,
  });

  // Focus moves after the render that mounts the target row.
  const pendingFocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    const row = scrollRef.current?.querySelector<HTMLElement>(`tr[data-index="${index}"]`);
    if (row) {
      pendingFocus.current = null;
      row.focus({ preventScroll: true });
    }
  });
  const moveTo = (index: number) => {
    const target = Math.max(0, Math.min(model.length - 1, index));
    setActiveId(model[target].id);
    pendingFocus.current = target;
    virtualizer.scrollToIndex(target);
  };
  // PageUp/PageDown move by the rows that fit under the header (rows measured so far give their height).
  const pageSize = () => {
    const items = virtualizer.getVirtualItems();
    const rowHeight = items.length ? items.reduce((sum, item) => sum + item.size, 0) / items.length : ROW_ESTIMATE;
    return Math.max(1, Math.floor(((virtualizer.scrollRect?.height ?? FALLBACK_VIEWPORT) - headHeight) / rowHeight) - 1);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTableRowElement>, index: number, id: number) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: model.length - 1,
      PageDown: index + pageSize(),
      PageUp: index - pageSize(),
    };
    if (Object.hasOwn(moves, e.key)) {
      e.preventDefault();
      moveTo(moves[e.key]);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      open(id);
    }
  };

  // Rows in view, with a padding row over each gap so the table keeps its full height and valid markup.
  const slots: Slot[] = [];
  let edge = headHeight;
  for (const item of virtualizer.getVirtualItems()) {
    if (item.start > edge) slots.push({ kind: 'pad', key: `pad-${item.index}`, height: item.start - edge });
    slots.push({ kind: 'row', item, position: slots.length + 1 });
    edge = item.end;
  }
  const end = virtualizer.getTotalSize() + headHeight;
  if (end > edge) slots.push({ kind: 'pad', key: 'pad-end', height: end - edge });

  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  return (
    <Box ref={scrollRef} style={{ overflow: 'auto', maxHeight: 'calc(100vh - 300px)', minHeight: 200 }}>
      <Table
        stickyHeader
        striped
        highlightOnHover
        verticalSpacing="xs"
        miw={900}
        style={{ tableLayout: 'fixed' }}
        aria-label={label}
        aria-busy={busy}
        aria-rowcount={rows ? model.length + 1 : undefined}
      >
        <colgroup>
          {columnWidths(columns).map((width, i) => (
            <col key={columns[i]} data-column={columns[i]} style={{ width }} />
          ))}
        </colgroup>
        <Table.Thead ref={headRef}>
          <Table.Tr aria-rowindex={1}>
            {headers.map((header) => {
              const c = header.column.id as ListColumn;
              return isSortKey(c) ? (
                <SortableTh key={header.id} column={c} sort={sort.key} order={sort.order} onSort={(key, order) => onSort({ key, order })}>
                  <table.FlexRender header={header} />
                </SortableTh>
              ) : (
                <Table.Th key={header.id}>
                  <table.FlexRender header={header} />
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <TableRows rows={rows && (rows.length ? slots : [])} columns={columns.length} empty={empty} skeletonRows={8}>
          {(slot) => {
            if (slot.kind === 'pad')
              return (
                <tr key={slot.key} aria-hidden style={{ height: slot.height }}>
                  <td colSpan={columns.length} style={{ padding: 0, border: 0 }} />
                </tr>
              );
            const { index } = slot.item;
            const row = model[index];
            return (
              <Table.Tr
                key={row.id}
                ref={virtualizer.measureElement}
                data-index={index}
                // Striping follows the row's place in the list, not its place among the rendered rows.
                data-striped={(slot.position % 2 === 1) === (index % 2 === 0) ? 'odd' : 'even'}
                aria-rowindex={index + 2}
                tabIndex={index === active ? 0 : -1}
                style={{ cursor: 'pointer' }}
                onClick={() => open(row.original.id)}
                onFocus={() => setActiveId(row.id)}
                onKeyDown={(e) => onKeyDown(e, index, row.original.id)}
                aria-label={row.original.nomProcess}
              >
                {row.getAllCells().map((cell) => (
                  <Table.Td key={cell.id} fw={cell.column.id === 'nomProcess' ? 500 : undefined} style={{ overflowWrap: 'anywhere' }}>
                    <table.FlexRender cell={cell} />
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          }}
        </TableRows>
      </Table>
    </Box>
  );
});

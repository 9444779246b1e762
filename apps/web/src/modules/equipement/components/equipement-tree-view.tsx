import {
  DndContext,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { ActionIcon, Box, Menu, Paper, Portal, Text } from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconChevronDown,
  IconChevronRight,
  IconCopy,
  IconDots,
  IconFolderSymlink,
  IconPlus,
  IconRowInsertBottom,
  IconTrash,
} from '@tabler/icons-react';
import { defaultRangeExtractor, observeElementRect, type Range, useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import type { TFunction } from 'i18next';
import {
  forwardRef,
  type KeyboardEvent,
  memo,
  type PointerEventHandler,
  type ReactNode,
  useCallback,
  useEffect,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ArrangeBody,
  ancestorsOf,
  childrenOf,
  type DropPosition,
  foldChar,
  hasChildren,
  highlightParts,
  isMatch,
  itemOf,
  moveByDrop,
  nameOf,
  shownParent,
  type TreeModel,
  type TreeRow,
  updateRows,
  visibleRows,
} from '../equipement-tree.ts';
import classes from './equipement-tree.module.css';

export type TreeAction = 'child' | 'sibling' | 'up' | 'down' | 'moveUnder' | 'duplicate' | 'delete';

interface TreeViewProps {
  model: TreeModel;
  /** Nodes open (controlled: the page keeps them across searches). */
  expanded: ReadonlySet<number>;
  onExpandedChange: (next: Set<number>) => void;
  /** The node shown in the detail. */
  selectedId: number | null;
  onOpen: (id: number) => void;
  onArrange: (body: ArrangeBody, movedId: number) => void;
  onAction: (action: TreeAction, id: number) => void;
  search: string;
  label: string;
  /** Whether the caller may change the tree (drag, row menu's writes). */
  editable: boolean;
  height: string;
}

export interface TreeViewHandle {
  focus: () => void;
  reveal: (id: number) => void;
}

const ROW_HEIGHT = 36;
const SENSOR_OPTIONS = { activationConstraint: { distance: 6 } };
/** The height assumed while the box has no layout yet (and in tests, where it measures 0 × 0). */
const FALLBACK_VIEWPORT = 600;

function observeRectWithFallback(instance: Virtualizer<HTMLDivElement, Element>, cb: (rect: { width: number; height: number }) => void) {
  return observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { width: rect.width, height: FALLBACK_VIEWPORT }));
}
const nodeDomId = (id: number) => `equipement-node-${id}`;
const estimateSize = () => ROW_HEIGHT;
/** The one draggable of the tree (the row dragged is the one under the pointer when the drag starts). */
const DRAG_ID = 'equipement-tree';

/**
 * The rows shown, kept from one render to the next: opening or closing nodes of the same model splices the rows in
 * or out (updateRows) instead of walking the whole tree again; a new model is walked once.
 */
function useVisibleRows(model: TreeModel, expanded: ReadonlySet<number>): TreeRow[] {
  const last = useRef<{ model: TreeModel; expanded: ReadonlySet<number>; rows: TreeRow[] } | null>(null);
  return useMemo(() => {
    const prev = last.current;
    const rows = prev && prev.model === model ? updateRows(model, prev.rows, prev.expanded, expanded) : visibleRows(model, expanded);
    last.current = { model, expanded, rows };
    return rows;
  }, [model, expanded]);
}

/**
 * The equipment tree: a WAI-ARIA treeview (the list holds the focus and names the active row with
 * aria-activedescendant, so that only the rows in view exist: @tanstack/react-virtual), arrows to move, open and
 * close, Home/End, Enter opens, a letter jumps to the next name starting with it, Shift+F10 opens the row's menu
 * (the keyboard's way to move: Monter, Descendre, Déplacer sous…). Rows are dragged to arrange (@dnd-kit/core): on
 * the upper or lower quarter of a row the node goes before or after it, in the middle under it.
 */
export const EquipementTreeView = memo(
  forwardRef<TreeViewHandle, TreeViewProps>(function EquipementTreeView(props, ref) {
    const { model, expanded, onExpandedChange, selectedId, onOpen, onArrange, onAction, search, label, editable, height } = props;
    const { t } = useTranslation();
    const rows = useVisibleRows(model, expanded);
    const [activeId, setActiveId] = useState<number | null>(selectedId);
    const [menuFor, setMenuFor] = useState<number | null>(null);
    const [dragId, setDragId] = useState<number | null>(null);
    const [drop, setDrop] = useState<{ id: number; position: DropPosition } | null>(null);
    // What the stable callbacks read: the rows, the model and the handlers of this render, the node being dragged.
    const live = useRef({ rows, model, drop, onArrange, onOpen, onAction, toggle: (_id: number) => {}, dragged: null as number | null });
    live.current = { ...live.current, rows, model, drop, onArrange, onOpen, onAction };
    const listRef = useRef<HTMLDivElement>(null);
    const ghostRef = useRef<HTMLDivElement>(null);
    const pointer = useRef({ x: 0, y: 0 });
    const typeahead = useRef({ text: '', at: 0 });

    // The active row stays one that is shown (a search over up to 100,000 rows: one scan per change, no index map).
    const activeFound = useMemo(() => (activeId === null ? -1 : rows.findIndex((r) => r.id === activeId)), [rows, activeId]);
    const active = activeFound >= 0 ? activeId : (rows[0]?.id ?? null);
    const indexOf = useCallback((id: number) => {
      const i = live.current.rows.findIndex((r) => r.id === id);
      return i < 0 ? undefined : i;
    }, []);

    // The active row stays rendered when scrolled away: aria-activedescendant always names an element.
    const activeIndex = active === null ? -1 : Math.max(activeFound, 0);
    const rangeExtractor = useCallback(
      (range: Range) => {
        const indexes = defaultRangeExtractor(range);
        return activeIndex >= 0 && activeIndex < range.count && !indexes.includes(activeIndex)
          ? [...indexes, activeIndex].sort((a, b) => a - b)
          : indexes;
      },
      [activeIndex],
    );
    const virtualizer = useVirtualizer<HTMLDivElement, Element>({
      count: rows.length,
      getScrollElement: () => listRef.current,
      estimateSize,
      // Stable between renders of the same rows: a new function makes the virtualizer measure every row again.
      getItemKey: useCallback((i: number) => rows[i]?.id ?? i, [rows]),
      // A few rows beyond the view on each side: a long scroll mounts every row in view anew, fewer is cheaper.
      overscan: 6,
      rangeExtractor,
      observeElementRect: observeRectWithFallback,
      initialRect: { width: 0, height: FALLBACK_VIEWPORT },
    });

    const moveActive = useCallback(
      (id: number) => {
        setActiveId(id);
        const i = indexOf(id);
        if (i !== undefined) virtualizer.scrollToIndex(i, { align: 'auto' });
      },
      [indexOf, virtualizer],
    );

    useImperativeHandle(
      ref,
      () => ({
        focus: () => listRef.current?.focus(),
        reveal: (id: number) => {
          const open = ancestorsOf(model, id).filter((a) => !expanded.has(a));
          if (open.length) onExpandedChange(new Set([...expanded, ...open]));
          setActiveId(id);
        },
      }),
      [model, expanded, onExpandedChange],
    );

    // After a reveal (new rows) or a selection from outside, bring the active row into view.
    useEffect(() => {
      if (activeId === null || activeFound < 0) return;
      virtualizer.scrollToIndex(activeFound, { align: 'auto' });
    }, [activeId, activeFound, virtualizer]);

    useEffect(() => {
      if (selectedId !== null) setActiveId(selectedId);
    }, [selectedId]);

    const toggle = useCallback(
      (id: number, open?: boolean) => {
        const next = new Set(expanded);
        const willOpen = open ?? !next.has(id);
        if (willOpen) next.add(id);
        else next.delete(id);
        onExpandedChange(next);
      },
      [expanded, onExpandedChange],
    );

    const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
      if (active === null) return;
      const i = activeIndex;
      const row = rows[i];
      if (!row) return;
      const go = (j: number) => {
        const target = rows[Math.max(0, Math.min(rows.length - 1, j))];
        if (target) moveActive(target.id);
      };
      if ((e.key === 'F10' && e.shiftKey) || e.key === 'ContextMenu') {
        e.preventDefault();
        setMenuFor(active);
        return;
      }
      if (editable && e.altKey && (e.key === 'ArrowUp' || e.key === 'ArrowDown')) {
        e.preventDefault();
        onAction(e.key === 'ArrowUp' ? 'up' : 'down', active);
        return;
      }
      switch (e.key) {
        case 'ArrowDown':
          go(i + 1);
          break;
        case 'ArrowUp':
          go(i - 1);
          break;
        case 'Home':
          go(0);
          break;
        case 'End':
          go(rows.length - 1);
          break;
        case 'PageDown':
          go(i + 10);
          break;
        case 'PageUp':
          go(i - 10);
          break;
        case 'ArrowRight':
          if (row.hasChildren && !row.expanded) toggle(row.id, true);
          else if (row.expanded) go(i + 1);
          break;
        case 'ArrowLeft': {
          if (row.expanded) toggle(row.id, false);
          else {
            const p = shownParent(model, row.id);
            if (p !== null) moveActive(p);
          }
          break;
        }
        case 'Enter':
        case ' ':
          onOpen(row.id);
          break;
        case '*': {
          const p = shownParent(model, row.id);
          const siblings = childrenOf(model, p).filter((s) => hasChildren(model, s));
          onExpandedChange(new Set([...expanded, ...siblings]));
          break;
        }
        default: {
          if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
          // Type-ahead: the next row whose name starts with the letters typed within a second.
          const now = Date.now();
          const ta = typeahead.current;
          ta.text = now - ta.at < 1000 ? ta.text + foldChar(e.key) : foldChar(e.key);
          ta.at = now;
          const start = ta.text.length > 1 ? i : i + 1;
          for (let k = 0; k < rows.length; k++) {
            const r = rows[(start + k) % rows.length] as TreeRow;
            const name = [...nameOf(model, r.id)].map(foldChar).join('');
            if (name.startsWith(ta.text)) {
              moveActive(r.id);
              break;
            }
          }
          break;
        }
      }
      e.preventDefault();
    };

    const sensors = useSensors(useSensor(PointerSensor, SENSOR_OPTIONS));

    /** The row under the pointer and where on it (one drop zone, the list: rows come and go as it scrolls). */
    const dropAt = useCallback((clientY: number): { id: number; position: DropPosition } | null => {
      const box = listRef.current;
      if (!box) return null;
      const rect = box.getBoundingClientRect();
      if (clientY < rect.top || clientY > rect.bottom) return null;
      const offset = (clientY - rect.top + box.scrollTop) / ROW_HEIGHT;
      const target = live.current.rows[Math.floor(offset)];
      if (!target) return null;
      const y = offset - Math.floor(offset);
      return { id: target.id, position: y < 0.25 ? 'before' : y > 0.75 ? 'after' : 'inside' };
    }, []);
    /** The label following the pointer (moved by its style: no render per pointer move). */
    const placeGhost = useCallback(() => {
      const ghost = ghostRef.current;
      if (ghost) ghost.style.transform = `translate(${pointer.current.x + 12}px, ${pointer.current.y + 8}px)`;
    }, []);
    const onDragStart = useCallback(
      (e: DragStartEvent) => {
        const start = e.activatorEvent as PointerEvent;
        pointer.current = { x: start.clientX ?? 0, y: start.clientY ?? 0 };
        const at = dropAt(pointer.current.y);
        live.current.dragged = at?.id ?? null;
        setDragId(at?.id ?? null);
      },
      [dropAt],
    );
    const onDragMove = useCallback(
      (e: DragMoveEvent) => {
        if (live.current.dragged === null) return;
        const start = e.activatorEvent as PointerEvent;
        pointer.current = { x: (start.clientX ?? 0) + e.delta.x, y: (start.clientY ?? 0) + e.delta.y };
        placeGhost();
        const next = dropAt(pointer.current.y);
        setDrop((d) => (d?.id === next?.id && d?.position === next?.position ? d : next));
      },
      [dropAt, placeGhost],
    );
    const onDragEnd = useCallback((_e: DragEndEvent) => {
      const { drop: target, model: m, onArrange: arrange, dragged: moved } = live.current;
      live.current.dragged = null;
      setDragId(null);
      setDrop(null);
      if (!target || moved === null) return;
      const body = moveByDrop(m, moved, target.id, target.position);
      if (body) arrange(body, moved);
    }, []);
    const onDragCancel = useCallback(() => {
      live.current.dragged = null;
      setDragId(null);
      setDrop(null);
    }, []);
    const accessibility = useMemo(() => {
      const draggedName = () => (live.current.dragged === null ? '' : nameOf(live.current.model, live.current.dragged));
      const targetName = () => (live.current.drop ? nameOf(live.current.model, live.current.drop.id) : '');
      return {
        screenReaderInstructions: { draggable: t('equipement.tree.dragInstructions') },
        announcements: {
          onDragStart: () => (live.current.dragged === null ? undefined : t('equipement.tree.announce.start', { name: draggedName() })),
          onDragOver: () => undefined,
          onDragMove: () => undefined,
          onDragEnd: () =>
            live.current.dragged === null
              ? undefined
              : live.current.drop
                ? t('equipement.tree.announce.end', { name: draggedName(), target: targetName() })
                : t('equipement.tree.announce.cancel', { name: draggedName() }),
          onDragCancel: () => (live.current.dragged === null ? undefined : t('equipement.tree.announce.cancel', { name: draggedName() })),
        },
      };
    }, [t]);
    // Stable row callbacks: a key or a drag re-renders only the rows whose own props change (memo).
    const onMenuChange = useCallback((id: number, opened: boolean) => {
      setMenuFor(opened ? id : null);
      if (!opened) listRef.current?.focus();
    }, []);
    live.current.toggle = toggle;
    const onRowToggle = useCallback((id: number) => live.current.toggle(id), []);
    const onRowClick = useCallback((id: number) => {
      setActiveId(id);
      live.current.onOpen(id);
    }, []);
    const onRowAction = useCallback((a: TreeAction, id: number) => {
      setMenuFor(null);
      live.current.onAction(a, id);
    }, []);

    const items = virtualizer.getVirtualItems();
    return (
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragMove={onDragMove}
        onDragEnd={onDragEnd}
        onDragCancel={onDragCancel}
        accessibility={accessibility}
      >
        <TreeDraggable editable={editable}>
          {(drag) => (
            <Box
              ref={listRef}
              role="tree"
              aria-label={label}
              aria-activedescendant={active !== null ? nodeDomId(active) : undefined}
              aria-describedby={editable ? drag.attributes['aria-describedby'] : undefined}
              tabIndex={0}
              onKeyDown={onKeyDown}
              onPointerDown={editable ? (drag.listeners?.onPointerDown as PointerEventHandler<HTMLDivElement> | undefined) : undefined}
              className="equipement-tree"
              style={{ height, overflow: 'auto', position: 'relative', outlineOffset: -2 }}
            >
              <div ref={drag.setNodeRef} style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
                {items.map((v) => {
                  const row = rows[v.index] as TreeRow;
                  const item = itemOf(model, row.id);
                  if (!item) return null;
                  return (
                    <TreeRowView
                      key={row.id}
                      row={row}
                      t={t}
                      name={item.name}
                      number={item.number}
                      color={item.color}
                      top={v.start}
                      active={row.id === active}
                      selected={row.id === selectedId}
                      match={isMatch(model, row.id)}
                      search={search}
                      dropPosition={drop?.id === row.id ? drop.position : null}
                      dragging={dragId === row.id}
                      editable={editable}
                      menuOpened={menuFor === row.id}
                      onMenuChange={onMenuChange}
                      onToggle={onRowToggle}
                      onClick={onRowClick}
                      onAction={onRowAction}
                    />
                  );
                })}
              </div>
            </Box>
          )}
        </TreeDraggable>
        {dragId !== null && (
          <Portal>
            <div
              ref={(el) => {
                ghostRef.current = el;
                placeGhost();
              }}
              aria-hidden
              style={{ position: 'fixed', left: 0, top: 0, zIndex: 400, pointerEvents: 'none' }}
            >
              <Paper shadow="md" px="sm" py={6} withBorder>
                <Text size="sm">{nameOf(model, dragId)}</Text>
              </Paper>
            </div>
          </Portal>
        )}
      </DndContext>
    );
  }),
);

/**
 * One draggable for the whole tree (inside the DndContext): its activator is the list (a row mounted while scrolling
 * registers nothing), its node the rows' container (the list stays a scrollable ancestor: dnd-kit scrolls it near its
 * edges). dnd-kit's own attributes would make the tree a button: only the description of the drag is used.
 */
function TreeDraggable({ editable, children }: { editable: boolean; children: (drag: ReturnType<typeof useDraggable>) => ReactNode }) {
  const drag = useDraggable({ id: DRAG_ID, disabled: !editable });
  return children(drag);
}

interface RowProps {
  row: TreeRow;
  /** The tree's translation function (a hook per row would subscribe every row mounted while scrolling). */
  t: TFunction;
  name: string;
  number: string | null;
  color: string | null;
  top: number;
  active: boolean;
  selected: boolean;
  match: boolean;
  search: string;
  dropPosition: DropPosition | null;
  dragging: boolean;
  editable: boolean;
  menuOpened: boolean;
  onMenuChange: (id: number, opened: boolean) => void;
  onToggle: (id: number) => void;
  onClick: (id: number) => void;
  onAction: (action: TreeAction, id: number) => void;
}

const TreeRowView = memo(function TreeRowView(p: RowProps) {
  const { row, t } = p;
  return (
    // The tree holds the focus and names this row by aria-activedescendant (WAI-ARIA treeview), keys included:
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the tree (aria-activedescendant)
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree's onKeyDown handles the keys of its active row
    <div
      id={nodeDomId(row.id)}
      role="treeitem"
      aria-label={p.number ? `${p.name} ${p.number}` : p.name}
      aria-level={row.level}
      aria-posinset={row.posinset}
      aria-setsize={row.setsize}
      aria-expanded={row.hasChildren ? row.expanded : undefined}
      aria-selected={p.selected}
      data-active={p.active || undefined}
      data-editable={p.editable || undefined}
      data-dragging={p.dragging || undefined}
      data-drop={p.dropPosition ?? undefined}
      data-match={p.match || undefined}
      data-testid="equipement-row"
      className={classes.row}
      onClick={() => p.onClick(row.id)}
      // Placed by `top`, not a transform (the drop target is computed from the list's scroll and the row height).
      style={{ top: p.top, height: ROW_HEIGHT, paddingLeft: (row.level - 1) * 18 + 4 }}
    >
      {row.hasChildren ? (
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          className={classes.toggle}
          onClick={(e) => {
            e.stopPropagation();
            p.onToggle(row.id);
          }}
        >
          {row.expanded ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
        </button>
      ) : (
        <span className={classes.spacer} />
      )}
      {p.color && <span aria-hidden className={classes.dot} style={{ background: p.color }} />}
      <span className={classes.name}>
        {p.search
          ? highlightParts(p.name, p.search).map(([text, hit], k) =>
              hit ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, in order
                <mark key={k}>{text}</mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: parts of one string, in order
                <span key={k}>{text}</span>
              ),
            )
          : p.name}
        {p.number && <span className={classes.number}>{p.number}</span>}
      </span>
      {p.editable && !p.menuOpened && !p.active && (
        // Closed: a plain button (a Mantine Menu per row costs on every render of a long tree).
        <button
          type="button"
          className={classes.menu}
          tabIndex={-1}
          aria-label={t('equipement.tree.rowMenu', { name: p.name })}
          aria-haspopup="menu"
          onClick={(e) => {
            e.stopPropagation();
            p.onMenuChange(row.id, true);
          }}
          onPointerDown={(e) => e.stopPropagation()}
        >
          <IconDots size={16} />
        </button>
      )}
      {p.editable && (p.menuOpened || p.active) && (
        // The active row keeps its Menu mounted: Maj+F10 opens it (a Menu mounted already open did not open in Chromium).
        <Menu opened={p.menuOpened} onChange={(o) => p.onMenuChange(row.id, o)} position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              size="sm"
              tabIndex={-1}
              aria-label={t('equipement.tree.rowMenu', { name: p.name })}
              onClick={(e) => e.stopPropagation()}
              onPointerDown={(e) => e.stopPropagation()}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()} onPointerDown={(e) => e.stopPropagation()}>
            <Menu.Item data-autofocus leftSection={<IconPlus size={14} />} onClick={() => p.onAction('child', row.id)}>
              {t('equipement.actions.child')}
            </Menu.Item>
            <Menu.Item leftSection={<IconRowInsertBottom size={14} />} onClick={() => p.onAction('sibling', row.id)}>
              {t('equipement.actions.sibling')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconArrowUp size={14} />} disabled={row.posinset === 1} onClick={() => p.onAction('up', row.id)}>
              {t('equipement.actions.up')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconArrowDown size={14} />}
              disabled={row.posinset === row.setsize}
              onClick={() => p.onAction('down', row.id)}
            >
              {t('equipement.actions.down')}
            </Menu.Item>
            <Menu.Item leftSection={<IconFolderSymlink size={14} />} onClick={() => p.onAction('moveUnder', row.id)}>
              {t('equipement.actions.moveUnder')}
            </Menu.Item>
            <Menu.Item leftSection={<IconCopy size={14} />} onClick={() => p.onAction('duplicate', row.id)}>
              {t('equipement.actions.duplicate')}
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item color="red.9" leftSection={<IconTrash size={14} />} onClick={() => p.onAction('delete', row.id)}>
              {t('common.delete')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
    </div>
  );
});

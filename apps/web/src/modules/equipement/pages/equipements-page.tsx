import * as API from '@app/contracts/api';
import { Button, Grid, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility } from '../../auth/index.ts';
import { EquipementDetail } from '../components/equipement-detail.tsx';
import { EquipementTreeView, type TreeAction, type TreeViewHandle } from '../components/equipement-tree-view.tsx';
import { CreateNodeModal, DuplicateModal, MoveUnderModal } from '../components/tree-dialogs.tsx';
import { TreeSearch } from '../components/tree-search.tsx';
import { useEquipementMutation, useEquipementTree, useTreeProgress } from '../equipement.queries.ts';
import { useEquipementLabel } from '../equipement-label.ts';
import {
  type ArrangeBody,
  applyArrange,
  expandedForMatches,
  matchCount,
  moveBy,
  moveTo,
  nameOf,
  parentOf,
  shownParent,
  type TreeModel,
} from '../equipement-tree.ts';

type Dialog =
  | { kind: 'create'; parentId: number | null }
  | { kind: 'duplicate'; id: number }
  | { kind: 'move'; id: number }
  | { kind: 'delete'; id: number }
  | null;

/**
 * /app/equipements[/:id]: the equipment tree (search, drag to arrange, row menu) beside the detail of the chosen
 * one; on a phone the detail comes under the tree. Named by the company's own word for equipment (« Installation »).
 */
export function EquipementsPage() {
  const { t } = useTranslation();
  const title = useEquipementLabel();
  const ability = useAbility();
  const navigate = useNavigate();
  const params = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const tab = searchParams.get('onglet') ?? 'general';
  const phone = useMediaQuery('(max-width: 62em)');
  // The search as asked (the field keeps its own text: a key typed does not render this page).
  const [search, setSearch] = useState('');
  const tree = useEquipementTree(search);
  const treeRef = useRef<TreeViewHandle>(null);
  const editable = ability.can('update', 'Equipement');
  const canCreate = ability.can('create', 'Equipement');

  // The tree shown: the server's (read and built off this thread by the tree's worker, kept by TanStack Query; the
  // previous tree stays on screen while a search's answer comes), with the last arrange applied until the server's
  // answer replaces it.
  const served = tree.data ?? null;
  const progress = useTreeProgress(search);
  const [arranged, setArranged] = useState<{ base: TreeModel; model: TreeModel } | null>(null);
  const model = arranged && arranged.base === served ? arranged.model : served;
  const [expanded, setExpanded] = useState<Set<number>>(new Set());
  const [searchExpanded, setSearchExpanded] = useState<Set<number>>(new Set());
  // A search's answer opens the ancestors of its matches, in the same render as it shows (state adjusted while
  // rendering: no frame drawn with the tree closed).
  const [openedFor, setOpenedFor] = useState<TreeModel | null>(null);
  if (served !== openedFor) {
    setOpenedFor(served);
    if (served?.matchIds) setSearchExpanded(expandedForMatches(served));
  }
  // Searching while the tree shown is a search's answer (not while the previous tree waits for it).
  const searching = Boolean(model?.matchIds);

  const [dialog, setDialog] = useState<Dialog>(null);
  const create = useEquipementMutation(API.equipement.create, { silentError: true });
  const arrange = useEquipementMutation(API.equipement.arrange, { quiet: true });
  const duplicate = useEquipementMutation(API.equipement.duplicate, { silentError: true });
  const remove = useEquipementMutation(API.equipement.delete, { silentError: true });

  const open = useCallback(
    (id: number) => void navigate({ pathname: `/app/equipements/${id}`, search: searchParams.toString() }),
    [navigate, searchParams],
  );
  const onTabChange = useCallback(
    (v: string) =>
      setSearchParams(
        (p) => {
          p.set('onglet', v);
          return p;
        },
        { replace: true },
      ),
    [setSearchParams],
  );
  const onSelectFromDetail = useCallback(
    (id: number) => {
      treeRef.current?.reveal(id);
      open(id);
    },
    [open],
  );
  const closeDialog = () => {
    setDialog(null);
    requestAnimationFrame(() => treeRef.current?.focus());
  };
  const doArrange = (body: ArrangeBody | null, movedId: number) => {
    if (!body || !model || !served) return;
    setArranged({ base: served, model: applyArrange(model, body) });
    if (body.parentId !== null) setExpanded((s) => new Set([...s, body.parentId as number]));
    arrange.mutate({ body }, { onError: () => setArranged(null), onSuccess: () => treeRef.current?.reveal(movedId) });
  };
  const onAction = (action: TreeAction, id: number) => {
    if (!model) return;
    switch (action) {
      case 'child':
        return setDialog({ kind: 'create', parentId: id });
      case 'sibling':
        return setDialog({ kind: 'create', parentId: parentOf(model, id) });
      case 'up':
      case 'down':
        return doArrange(moveBy(model, id, action === 'up' ? -1 : 1), id);
      case 'moveUnder':
        move.reset();
        return setDialog({ kind: 'move', id });
      case 'duplicate':
        duplicate.reset();
        return setDialog({ kind: 'duplicate', id });
      case 'delete':
        remove.reset();
        return setDialog({ kind: 'delete', id });
    }
  };
  const move = arrange;
  // Stable handlers for the tree (memo): they read this render's state through a ref.
  const handlers = useRef({ doArrange, onAction });
  handlers.current = { doArrange, onAction };
  const onTreeArrange = useCallback((body: ArrangeBody, movedId: number) => handlers.current.doArrange(body, movedId), []);
  const onTreeAction = useCallback((action: TreeAction, id: number) => handlers.current.onAction(action, id), []);
  const nameOfId = (id: number | null) => (id === null || !model ? '' : nameOf(model, id));
  const dialogId = dialog && dialog.kind !== 'create' ? dialog.id : null;

  const treePanel = (
    <Paper withBorder p="xs">
      <Stack gap="xs">
        <TreeSearch onSearch={setSearch} busy={tree.isFetching} />
        {searching && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('equipement.search.count', { count: served ? matchCount(served) : 0 })}
          </Text>
        )}
        <QueryState query={tree}>
          {!model ? (
            <Group justify="center" p="xl">
              <Loader aria-label={t('common.loading')} />
              {progress !== null && (
                <Text size="sm" c="dimmed">
                  {t('equipement.tree.preparing', { percent: progress })}
                </Text>
              )}
            </Group>
          ) : model.size === 0 ? (
            <Text c="dimmed" p="md">
              {search ? t('common.nothingFound') : t('equipement.tree.empty')}
            </Text>
          ) : (
            <EquipementTreeView
              ref={treeRef}
              model={model}
              expanded={searching ? searchExpanded : expanded}
              onExpandedChange={searching ? setSearchExpanded : setExpanded}
              selectedId={selectedId}
              onOpen={open}
              onArrange={onTreeArrange}
              onAction={onTreeAction}
              search={searching ? search : ''}
              label={title}
              editable={editable}
              height={phone ? '55dvh' : 'calc(100dvh - 260px)'}
            />
          )}
        </QueryState>
        {model && model.form === 'compact' && (
          <Text size="xs" c="dimmed">
            {t('equipement.tree.compact', { count: model.total })}
          </Text>
        )}
      </Stack>
    </Paper>
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={title}
        actions={
          canCreate && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                create.reset();
                setDialog({ kind: 'create', parentId: null });
              }}
            >
              {t('equipement.create.root')}
            </Button>
          )
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>{treePanel}</Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="md" component="section" aria-label={t('equipement.detail.label')}>
            {selectedId === null ? (
              <Text c="dimmed">{t('equipement.detail.none')}</Text>
            ) : (
              <EquipementDetail id={selectedId} tab={tab} onTabChange={onTabChange} onSelect={onSelectFromDetail} />
            )}
          </Paper>
        </Grid.Col>
      </Grid>
      <CreateNodeModal
        opened={dialog?.kind === 'create'}
        parentName={dialog?.kind === 'create' && dialog.parentId !== null ? nameOfId(dialog.parentId) : null}
        submitting={create.isPending}
        error={create.isError ? create.error : null}
        onClose={closeDialog}
        onSubmit={(v) => {
          if (dialog?.kind !== 'create') return;
          const parentId = dialog.parentId;
          create.mutate(
            { body: { parentId, name: v.name, number: v.number } },
            {
              onSuccess: (created) => {
                setDialog(null);
                if (parentId !== null) setExpanded((s) => new Set([...s, parentId]));
                open(created.id);
              },
            },
          );
        }}
      />
      <DuplicateModal
        opened={dialog?.kind === 'duplicate'}
        name={nameOfId(dialogId)}
        submitting={duplicate.isPending}
        error={duplicate.isError ? duplicate.error : null}
        onClose={closeDialog}
        onSubmit={(withChildren) => {
          if (dialog?.kind !== 'duplicate') return;
          duplicate.mutate(
            { params: { id: dialog.id }, body: { withChildren } },
            {
              onSuccess: (copy) => {
                setDialog(null);
                open(copy.id);
              },
            },
          );
        }}
      />
      <MoveUnderModal
        opened={dialog?.kind === 'move'}
        name={nameOfId(dialogId)}
        submitting={move.isPending}
        error={null}
        onClose={closeDialog}
        onSubmit={(parentId) => {
          if (dialog?.kind !== 'move' || !model) return;
          const id = dialog.id;
          setDialog(null);
          doArrange(moveTo(model, id, parentId, Number.MAX_SAFE_INTEGER), id);
        }}
      />
      <DeleteConfirmModal
        target={dialog?.kind === 'delete' ? dialog.id : null}
        title={t('equipement.delete.title')}
        message={t('equipement.delete.text', { name: nameOfId(dialogId) })}
        mutation={remove}
        onClose={closeDialog}
        onConfirm={(id) =>
          remove.mutate(
            { params: { id } },
            {
              onSuccess: () => {
                const parent = model ? shownParent(model, id) : null;
                setDialog(null);
                if (selectedId === id) void navigate(parent !== null ? `/app/equipements/${parent}` : '/app/equipements');
              },
            },
          )
        }
      />
    </Stack>
  );
}

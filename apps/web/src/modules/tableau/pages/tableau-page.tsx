import * as API from '@app/contracts/api';
import { ActionIcon, Badge, Button, Group, Select, Skeleton, Stack, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { useCodeLabel } from '../../../lib/labels.ts';
import { reachableTotal } from '../../../lib/paging.ts';
import { useReadyInTransition } from '../../../lib/ready-in-transition.ts';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { usePaging } from '../../../ui/use-paging.ts';
import { useCurrentSession } from '../../auth/index.ts';
import { ETAT_COLORS, processCountLabel } from '../../process/index.ts';
import { usePeopleChoices } from '../../utilisateur/index.ts';
import { useWorkflows } from '../../workflow/index.ts';
import { AffichageFormModal } from '../components/affichage-form-modal.tsx';
import { FiltreFormModal } from '../components/filtre-form-modal.tsx';
import { ALL_TAB, FiltreTabs } from '../components/filtre-tabs.tsx';
import { TableauFormModal } from '../components/tableau-form-modal.tsx';
import { TableauTable } from '../components/tableau-table.tsx';
import {
  type Affichage,
  type Filtre,
  useAffichages,
  useEtatCounts,
  useFieldsById,
  useFiltres,
  useTableau,
  useTableauMutation,
  useTableauRows,
} from '../tableau.queries.ts';
import { boardColumns, DEFAULT_SORT, displayedColumns, moveItem, type Sort } from '../tableau-columns.ts';
import type { CritereContext } from '../tableau-criteres.ts';

const PER_PAGE_CHOICES = ['50', '100', '200', '500'];
const DEFAULT_PER_PAGE = 100;
/** The choice of no saved display: every column, newest first. */
const ALL_COLUMNS = 'toutes';

/** The board's screen while it loads: its parts' places, in grey. */
function BoardSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={36} width="50%" mb="md" />
      <Group gap="xs">
        {[1, 2, 3].map((n) => (
          <Skeleton key={n} height={26} width={110} radius="xl" />
        ))}
      </Group>
      <Skeleton height={36} />
      <Skeleton height={60} width={260} />
      <Skeleton height={400} />
    </Stack>
  );
}

/** /app/tableaux/:id: one board (its filters as tabs, its displays, state counts and processes). */
export function TableauPage() {
  const id = Number(useParams().id);
  if (!Number.isInteger(id) || id <= 0) return <Navigate to="/app/tableaux" replace />;
  return <TableauScreen key={id} id={id} />;
}

function TableauScreen({ id }: { id: number }) {
  const { t, i18n } = useTranslation();
  const codeLabel = useCodeLabel();
  const session = useCurrentSession();
  const timeZone = session.timezone || 'Europe/Paris';
  const board = useTableau(id);
  const filtres = useFiltres(id);
  const affichages = useAffichages(id);
  const etats = useEtatCounts(id);
  const workflows = useWorkflows();
  const people = usePeopleChoices(session.idCompany);
  const { fields, models } = useFieldsById();
  const paging = usePaging(DEFAULT_PER_PAGE);
  // The chosen filter tab lives in the address: back and reload keep it.
  const [params, setParams] = useSearchParams();
  const tab = params.get('filtre') ?? ALL_TAB;
  const setTab = (v: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (v === ALL_TAB) next.delete('filtre');
        else next.set('filtre', v);
        return next;
      },
      { replace: true },
    );
  const [affichageId, setAffichageId] = useState(ALL_COLUMNS);
  const [sortOverride, setSortOverride] = useState<Sort | null>(null);
  const [editingBoard, setEditingBoard] = useState(false);
  // undefined: closed; null: a new one.
  const [editingFiltre, setEditingFiltre] = useState<Filtre | null | undefined>(undefined);
  const [editingAffichage, setEditingAffichage] = useState<Affichage | null | undefined>(undefined);
  const [deletingFiltre, setDeletingFiltre] = useState<Filtre | null>(null);
  const [deletingAffichage, setDeletingAffichage] = useState<Affichage | null>(null);
  const removeFiltre = useTableauMutation(API.tableau.filtreDelete, { silentError: true });
  const removeAffichage = useTableauMutation(API.tableau.affichageDelete, { silentError: true });
  const arrange = useTableauMutation(API.tableau.filtreArrange);

  const b = board.data;
  const canManage = b?.abilities?.update === true;
  // A tab or display deleted meanwhile falls back to « Tous » / every column.
  const filtre = filtres.data?.find((f) => String(f.id) === tab) ?? null;
  const activeTab = filtre ? tab : ALL_TAB;
  const affichage = affichages.data?.find((a) => String(a.id) === affichageId) ?? null;
  // The server sorts (the display's sort, or a header clicked): every page follows it.
  const sort = sortOverride ?? affichage?.tri ?? DEFAULT_SORT;
  const rows = useTableauRows({
    tableauId: id,
    filtreId: filtre?.id,
    offset: paging.offset,
    perPage: paging.perPage,
    sort: sort.key,
    order: sort.order,
    tz: timeZone,
  });

  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers change with the language only.
  const columns = useMemo(
    () => boardColumns(b?.metriques ?? [], fields, (c) => t(`navigation.columns.${c}`)),
    [b?.metriques, fields, language],
  );
  const shown = displayedColumns(columns, affichage);
  const workflowChoices = (workflows.data ?? [])
    .filter((w) => b?.workflows.includes(w.id))
    .map((w) => ({ value: String(w.id), label: w.libelle }));
  const ctx: CritereContext = {
    fields,
    workflows: workflowChoices,
    people: people.data ?? [],
    timeZone,
    language: i18n.language,
    label: codeLabel,
  };
  const canEditAffichage = (a: Affichage) => a.personnel || canManage;

  const chooseTab = (v: string) => {
    setTab(v);
    paging.resetPage();
  };
  const chooseAffichage = (v: string) => {
    setAffichageId(v);
    setSortOverride(null);
    paging.resetPage();
  };
  const moveFiltre = (f: Filtre, delta: -1 | 1) => {
    const list = filtres.data ?? [];
    const ids = moveItem(list, list.indexOf(f), delta).map((x) => x.id);
    arrange.mutate({ body: { ids } });
  };

  // The screen appears whole, once the board, its tabs, its displays, the fields' names and the first rows are known:
  // parts arriving one by one pushed the table down (CLS 0.235 on a phone). A failure shows in place (QueryState).
  const failed = filtres.isError || affichages.isError || rows.isError;
  const ready = failed || !!(b && filtres.data && affichages.data && rows.data && !models.isPending);
  // The whole screen is first rendered in a transition, in slices (issue 16): the answer that completes it would
  // otherwise be rendered in one long task; the skeleton stays until that render is done.
  const screenShown = useReadyInTransition(ready);
  if (board.isError) return <QueryState query={board}>{null}</QueryState>;
  if (!screenShown) return <BoardSkeleton />;

  return (
    <Stack gap="sm">
      <PageHeader
        title={b?.nom ?? t('common.loading')}
        actions={
          <>
            <Button component={Link} to="/app/tableaux" variant="default" leftSection={<IconArrowLeft size={16} />}>
              {t('tableau.back')}
            </Button>
            {canManage && (
              <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditingBoard(true)}>
                {t('tableau.edit')}
              </Button>
            )}
          </>
        }
      />
      <Group gap="xs" role="group" aria-label={t('tableau.etats')}>
        {etats.data
          ? etats.data.map((e) => (
              <Badge key={e.etat} color={ETAT_COLORS[e.etat]} variant="light" size="lg">
                {`${codeLabel('etat', e.etat, e.libelle)} : ${e.count}`}
              </Badge>
            ))
          : [1, 2, 3].map((n) => <Skeleton key={n} height={26} width={110} radius="xl" />)}
      </Group>
      <FiltreTabs
        filtres={filtres.data ?? []}
        value={activeTab}
        onChange={chooseTab}
        canManage={canManage}
        ctx={ctx}
        onAdd={() => setEditingFiltre(null)}
        onEdit={setEditingFiltre}
        onDelete={(f) => {
          removeFiltre.reset();
          setDeletingFiltre(f);
        }}
        onMove={moveFiltre}
      />
      <Group gap="xs" align="flex-end" wrap="wrap">
        <Select
          label={t('tableau.affichage.choice')}
          data={[
            { value: ALL_COLUMNS, label: t('tableau.affichage.all') },
            ...(affichages.data ?? []).map((a) => ({
              value: String(a.id),
              label: a.personnel ? `${a.nom} (${t('tableau.affichage.mine')})` : a.nom,
            })),
          ]}
          value={affichage ? affichageId : ALL_COLUMNS}
          onChange={(v) => v && chooseAffichage(v)}
          allowDeselect={false}
          w={260}
        />
        {affichage && canEditAffichage(affichage) && (
          <>
            <Tooltip label={t('tableau.affichage.edit', { nom: affichage.nom })}>
              <ActionIcon
                variant="subtle"
                size="lg"
                aria-label={t('tableau.affichage.edit', { nom: affichage.nom })}
                onClick={() => setEditingAffichage(affichage)}
              >
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('tableau.affichage.delete', { nom: affichage.nom })}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('tableau.affichage.delete', { nom: affichage.nom })}
                onClick={() => {
                  removeAffichage.reset();
                  setDeletingAffichage(affichage);
                }}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
        <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditingAffichage(null)} disabled={!b}>
          {t('tableau.affichage.new')}
        </Button>
      </Group>
      <QueryState query={[rows, filtres, affichages]}>
        <TableauTable
          label={b?.nom ?? t('tableau.title')}
          columns={shown}
          rows={b ? rows.data?.items : undefined}
          busy={rows.isFetching}
          empty={filtre ? t('tableau.noMatch') : t('tableau.noProcess')}
          sort={sort}
          onSort={(next) => {
            setSortOverride(next);
            paging.resetPage();
          }}
          fields={fields}
        />
        <PaginationBar
          summary={rows.data ? processCountLabel(t, rows.data.total, rows.data.totalExact) : ''}
          total={rows.data ? reachableTotal(rows.data) : 0}
          perPageChoices={PER_PAGE_CHOICES}
          paging={paging}
        />
      </QueryState>
      {b && (
        <>
          <TableauFormModal
            opened={editingBoard}
            tableau={b}
            onClose={() => setEditingBoard(false)}
            onSaved={() => setEditingBoard(false)}
          />
          <FiltreFormModal
            opened={editingFiltre !== undefined}
            tableauId={id}
            filtre={editingFiltre ?? null}
            metriques={b.metriques}
            ctx={ctx}
            onClose={() => setEditingFiltre(undefined)}
            onSaved={(f) => {
              setEditingFiltre(undefined);
              chooseTab(String(f.id));
            }}
          />
          <AffichageFormModal
            opened={editingAffichage !== undefined}
            tableauId={id}
            affichage={editingAffichage ?? null}
            columns={columns}
            canShare={canManage}
            onClose={() => setEditingAffichage(undefined)}
            onSaved={(a) => {
              setEditingAffichage(undefined);
              chooseAffichage(String(a.id));
            }}
          />
        </>
      )}
      <DeleteConfirmModal
        target={deletingFiltre}
        title={t('tableau.filtre.confirmDelete.title')}
        message={t('tableau.filtre.confirmDelete.text', { nom: deletingFiltre?.nom ?? '' })}
        mutation={removeFiltre}
        onClose={() => setDeletingFiltre(null)}
        onConfirm={(f) => {
          // Off its tab first: the refetch that follows the deletion must not ask for the deleted filter's rows.
          chooseTab(ALL_TAB);
          removeFiltre.mutate({ params: { id: f.id } }, { onSuccess: () => setDeletingFiltre(null) });
        }}
      />
      <DeleteConfirmModal
        target={deletingAffichage}
        title={t('tableau.affichage.confirmDelete.title')}
        message={t('tableau.affichage.confirmDelete.text', { nom: deletingAffichage?.nom ?? '' })}
        mutation={removeAffichage}
        onClose={() => setDeletingAffichage(null)}
        onConfirm={(a) => removeAffichage.mutate({ params: { id: a.id } }, { onSuccess: () => setDeletingAffichage(null) })}
      />
    </Stack>
  );
}

import { LIST_VARIANTS, type ListVariant, PROCESS_ETATS, TYPE_CONSIGNATION } from '@app/contracts';
import { Button, Collapse, Group, MultiSelect, Stack, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconChevronDown, IconFilter, IconSearch } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, type SetURLSearchParams, useParams, useSearchParams } from 'react-router';
import { codeLabel } from '../../../lib/labels.ts';
import { useDataInTransition } from '../../../lib/ready-in-transition.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { Paging } from '../../../ui/use-paging.ts';
import { useCurrentSession } from '../../auth/index.ts';
import { processCountLabel } from '../../process/index.ts';
import { usePeopleChoices } from '../../utilisateur/index.ts';
import { useWorkflowChoices } from '../../workflow/index.ts';
import { DateRangeFilter } from '../components/date-range-filter.tsx';
import { ListTable } from '../components/list-table.tsx';
import { TableSettingsDrawer } from '../components/table-settings-drawer.tsx';
import { listScope, listTimeZone } from '../liste.prefetch.ts';
import { useDropListPages, useListPage, usePrestataireChoices, useSaveTableSettings } from '../liste.queries.ts';
import { useListLabels } from '../liste-labels.ts';
import { lastPage } from '../liste-paging.ts';
import {
  type FilterState,
  filtersFromParams,
  pageFromParams,
  rangeOf,
  sortFromParams,
  withFilters,
  withPage,
  withSort,
} from '../liste-search.ts';
import { DATE_FIELDS, PER_PAGE_CHOICES, readTableSettings, type TableSettings, visibleColumns } from '../liste-settings.ts';

/** The habilitations' request and validation dates are the process's start and end (docs/DECISIONS.md). */
const HABILITATION_DATES = { dateDebut: 'dateDemande', dateFin: 'dateValidation' } as const;

const isVariant = (v: string | undefined): v is ListVariant => !!v && Object.hasOwn(LIST_VARIANTS, v);

/**
 * A text filter typed in the bar: shown as typed, written to the address once typing pauses (300 ms, replacing the
 * history entry); a change of the address from elsewhere (back, a link) shows again.
 */
function useUrlText(params: URLSearchParams, setParams: SetURLSearchParams, key: 'search' | 'equipement') {
  const inUrl = filtersFromParams(params)[key];
  const [text, setText] = useState(inUrl);
  const [settled] = useDebouncedValue(text, 300);
  const written = useRef(inUrl);
  useEffect(() => {
    if (inUrl !== written.current) {
      written.current = inUrl;
      setText(inUrl);
    }
  }, [inUrl]);
  useEffect(() => {
    if (settled === written.current) return;
    written.current = settled;
    setParams((prev) => withFilters(prev, { ...filtersFromParams(prev), [key]: settled }), { replace: true });
  }, [settled, setParams, key]);
  return [text, setText] as const;
}

/**
 * A text filter of the bar as its own component: a key re-renders this input only, not the list (the list
 * follows the address once typing pauses).
 */
function UrlTextInput({ param, ...props }: { param: 'search' | 'equipement' } & Omit<TextInputProps, 'value' | 'onChange'>) {
  const [params, setParams] = useSearchParams();
  const [text, setText] = useUrlText(params, setParams, param);
  return <TextInput {...props} value={text} onChange={(e) => setText(e.currentTarget.value)} />;
}

/** /app/listes/:variant: one list of the spec (columns, filters, sort), with the user's saved table settings. */
export function ListePage() {
  const { variant } = useParams();
  if (!isVariant(variant)) return <Navigate to="/app/listes" replace />;
  return <ListeScreen key={variant} variant={variant} />;
}

function ListeScreen({ variant }: { variant: ListVariant }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const timeZone = listTimeZone(session);
  const def = LIST_VARIANTS[variant];
  const labels = useListLabels();
  const has = (f: string) => (def.filters as readonly string[]).includes(f);
  const settings = useMemo(() => readTableSettings(session.settings, variant), [session.settings, variant]);
  const save = useSaveTableSettings(variant);
  const dropPages = useDropListPages();
  const [drawer, setDrawer] = useState(false);
  // Read at the first render (issue 16): read after it, a phone first built the wide filter bar, then the folded one.
  const phone = useMediaQuery('(max-width: 47.99em)', undefined, { getInitialValueInEffect: false });
  const [filtersOpen, setFiltersOpen] = useState(false);
  // Filters, sort and page live in the address: back, reload and a shared link keep them.
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const sort = useMemo(() => sortFromParams(params) ?? settings.sort, [params, settings.sort]);
  const page = pageFromParams(params);
  const workflows = useWorkflowChoices();
  const people = usePeopleChoices(session.idCompany);
  const prestataires = usePrestataireChoices(session.idCompany, has('prestataire'));
  const workflowChoices = (workflows.data ?? [])
    .filter((w) => w.package === def.package)
    .map((w) => ({ value: String(w.id), label: w.libelle }));

  // The workflows of the saved filter that still exist, once known (listScope); the same search as the prefetch's.
  const known = workflows.data ? new Set(workflows.data.map((w) => w.id)) : null;
  const now = new Date();
  const { scope, live } = listScope(variant, settings, filters, sort, known, now, timeZone);
  const list = useListPage(scope, settings.perPage, page, timeZone);
  // The first rows rendered in a transition, in slices (issue 16); the table's skeleton stays until they are ready.
  const listData = useDataInTransition(list.data);

  /** Saves the table settings; any other filter or size starts at page 1 unless the caller already wrote the address. */
  const change = (s: TableSettings, toFirstPage = true) => {
    if (s.perPage !== settings.perPage) dropPages(variant);
    if (toFirstPage && page > 1) setParams((prev) => withPage(prev, 1), { replace: true });
    save.mutate(s);
  };
  const setFilter = (patch: Partial<FilterState>) =>
    setParams((prev) => withFilters(prev, { ...filtersFromParams(prev), ...patch }), { replace: true });
  const setPage = (p: number) => setParams((prev) => withPage(prev, p));
  const paging: Paging = {
    page,
    perPage: settings.perPage,
    offset: (page - 1) * settings.perPage,
    setPage: (p) => setPage(typeof p === 'function' ? p(page) : p),
    setPerPage: (n) => change({ ...settings, perPage: n }),
    resetPage: () => setPage(1),
  };
  // The table's props stay the same while the filters' choices arrive (the table is memoised): its columns, and a sort
  // handler that calls the latest closure.
  const columns = useMemo(() => visibleColumns(settings), [settings]);
  const sortChanged = useRef((_next: TableSettings['sort']) => {});
  sortChanged.current = (next) => {
    setParams((prev) => withSort(prev, next), { replace: true });
    change({ ...settings, sort: next }, false);
  };
  const onSort = useCallback((next: TableSettings['sort']) => sortChanged.current(next), []);
  const total = listData?.total ?? 0;
  const filtered = Object.keys(scope.filters).length > 0;

  // On a phone the filters other than the search fold into a panel, closed at first: the rows come first.
  const activeFilters = Object.keys(scope.filters).filter((k) => k !== 'search').length;
  const otherFilters = (
    <>
      {has('equipement') && <UrlTextInput param="equipement" label={t('liste.filters.equipement')} w={200} />}
      {has('status') && (
        <MultiSelect
          label={t('liste.filters.etat')}
          placeholder={filters.etat.length ? undefined : t('liste.filters.all')}
          data={PROCESS_ETATS.map((e) => ({ value: e, label: codeLabel(t, 'etat', e) }))}
          value={filters.etat}
          onChange={(etat) => setFilter({ etat })}
          clearable
          w={220}
        />
      )}
      {has('workflow') && (
        <MultiSelect
          label={t('liste.filters.workflow')}
          placeholder={settings.workflows.length ? undefined : t('liste.filters.all')}
          data={workflowChoices}
          value={live.workflows.map(String)}
          onChange={(ids) => change({ ...settings, workflows: ids.map(Number) })}
          clearable
          w={240}
        />
      )}
      {has('preparateur') && (
        <MultiSelect
          label={t('liste.filters.preparateur')}
          placeholder={filters.preparateurIds.length ? undefined : t('liste.filters.all')}
          data={people.data ?? []}
          value={filters.preparateurIds}
          onChange={(preparateurIds) => setFilter({ preparateurIds })}
          searchable
          clearable
          w={240}
        />
      )}
      {has('prestataire') && (prestataires.data?.length ?? 0) > 0 && (
        <MultiSelect
          label={t('liste.filters.prestataire')}
          placeholder={filters.prestataireIds.length ? undefined : t('liste.filters.all')}
          data={prestataires.data ?? []}
          value={filters.prestataireIds}
          onChange={(prestataireIds) => setFilter({ prestataireIds })}
          searchable
          clearable
          w={240}
        />
      )}
      {has('typeConsignation') && (
        <MultiSelect
          label={t('liste.filters.typeConsignation')}
          placeholder={filters.typeConsignation.length ? undefined : t('liste.filters.all')}
          data={Object.keys(TYPE_CONSIGNATION).map((value) => ({ value, label: codeLabel(t, 'typeConsignation', value) }))}
          value={filters.typeConsignation}
          onChange={(typeConsignation) => setFilter({ typeConsignation })}
          clearable
          w={240}
        />
      )}
      {DATE_FIELDS.filter((f) => has(f) || has(HABILITATION_DATES[f])).map((field) => (
        <DateRangeFilter
          key={field}
          label={labels.column(has(field) ? field : HABILITATION_DATES[field])}
          timeZone={timeZone}
          preset={settings.datePreset[field] ?? null}
          range={rangeOf(field, filters, settings, now, timeZone)}
          onChange={(range, preset) => {
            setFilter({ ranges: { ...filters.ranges, [field]: preset ? {} : range } });
            const { [field]: _, ...others } = settings.datePreset;
            if (preset !== (settings.datePreset[field] ?? null))
              change({ ...settings, datePreset: preset ? { ...others, [field]: preset } : others }, false);
          }}
        />
      ))}
    </>
  );

  return (
    <Stack gap={0}>
      <PageHeader
        title={labels.variant(variant)}
        actions={
          <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={() => setDrawer(true)}>
            {t('liste.settings.title')}
          </Button>
        }
      />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap" role="search">
        <UrlTextInput param="search" label={t('liste.filters.search')} leftSection={<IconSearch size={16} />} w={220} />
        {phone ? (
          <>
            <Button
              variant="default"
              leftSection={<IconFilter size={16} />}
              rightSection={<IconChevronDown size={16} style={{ transform: filtersOpen ? 'rotate(180deg)' : undefined }} />}
              aria-expanded={filtersOpen}
              aria-controls="liste-filtres"
              onClick={() => setFiltersOpen((o) => !o)}
            >
              {t('polish.filters', { count: activeFilters })}
            </Button>
            {/* Closed, the panel's filters are not built (Mantine keeps a closed panel's content mounted, hidden). */}
            <Collapse expanded={filtersOpen} keepMounted={false} id="liste-filtres" w="100%">
              <Stack gap="sm">{otherFilters}</Stack>
            </Collapse>
          </>
        ) : (
          otherFilters
        )}
      </Group>
      <QueryState query={list}>
        <ListTable
          label={labels.variant(variant)}
          columns={columns}
          rows={listData?.items}
          busy={list.isFetching}
          empty={filtered ? t('liste.noMatch') : t('liste.empty')}
          sort={sort}
          onSort={onSort}
          timeZone={timeZone}
        />
        <PaginationBar
          summary={listData ? processCountLabel(t, total, listData.totalExact) : ''}
          total={total}
          perPageChoices={PER_PAGE_CHOICES.map(String)}
          paging={paging}
        />
        {listData && page > lastPage(total, settings.perPage) && (
          <Text size="sm" c="dimmed">
            {t('liste.pastEnd')}
          </Text>
        )}
      </QueryState>
      <TableSettingsDrawer
        opened={drawer}
        onClose={() => setDrawer(false)}
        settings={settings}
        workflows={workflowChoices}
        onChange={change}
      />
    </Stack>
  );
}

import { displayNumero, PROCESS_ETATS, type ProcessEtat } from '@app/contracts';
import { Anchor, Badge, Button, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateInteger } from '../../../lib/dates.ts';
import { codeLabel } from '../../../lib/labels.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { usePaging } from '../../../ui/use-paging.ts';
import { useAbility } from '../../auth/index.ts';
import { useWorkflowChoices } from '../../workflow/index.ts';
import { ProcessCreateModal } from '../components/process-create-modal.tsx';
import { useProcessList } from '../process.queries.ts';
import { ETAT_COLORS } from '../process.util.ts';

const PER_PAGE_CHOICES = ['20', '50', '100'];
const COLUMNS = 7;

/**
 * The search field: its text lives here, so a key re-renders the field only; the page gets the text once typing
 * pauses (300 ms), trimmed.
 */
function SearchInput({ onSearch }: { onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [settled] = useDebouncedValue(text.trim(), 300);
  const sent = useRef('');
  useEffect(() => {
    if (settled === sent.current) return;
    sent.current = settled;
    onSearch(settled);
  }, [settled, onSearch]);
  return (
    <TextInput
      label={t('process.list.search')}
      placeholder={t('process.list.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      w={280}
    />
  );
}

/** /app/processus: the company's processes, newest first, with search, workflow and state filters. */
export function ProcessusPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const workflows = useWorkflowChoices();
  const [debounced, setDebounced] = useState('');
  const [modeleId, setModeleId] = useState<string | null>(null);
  const [etat, setEtat] = useState<string | null>(null);
  const paging = usePaging(20);
  const [creating, setCreating] = useState(false);
  const list = useProcessList({
    offset: paging.offset,
    perPage: paging.perPage,
    search: debounced || undefined,
    processModeleId: modeleId ? Number(modeleId) : undefined,
    etat: (etat as ProcessEtat | null) ?? undefined,
  });
  const total = list.data?.total ?? 0;
  const onSearch = (text: string) => {
    setDebounced(text);
    paging.resetPage();
  };
  const resetPage =
    <T,>(fn: (v: T) => void) =>
    (v: T) => {
      fn(v);
      paging.resetPage();
    };

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('process.title')}
        actions={
          ability.can('create', 'Process') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
              {t('process.new')}
            </Button>
          )
        }
      />
      <Group mb="md" gap="sm" align="flex-end" wrap="wrap" role="search">
        <SearchInput onSearch={onSearch} />
        <Select
          label={t('process.fields.workflow')}
          placeholder={t('process.list.allWorkflows')}
          data={(workflows.data ?? []).map((w) => ({ value: String(w.id), label: w.libelle }))}
          value={modeleId}
          onChange={resetPage(setModeleId)}
          clearable
          w={240}
        />
        <Select
          label={t('process.fields.etat')}
          placeholder={t('process.list.allEtats')}
          data={PROCESS_ETATS.map((e) => ({ value: e, label: codeLabel(t, 'etat', e) }))}
          value={etat}
          onChange={resetPage(setEtat)}
          clearable
          w={180}
        />
      </Group>
      <QueryState query={list}>
        <DataTable
          minWidth={800}
          striped
          highlightOnHover
          verticalSpacing="xs"
          aria-label={t('process.title')}
          aria-busy={list.isFetching}
          rows={list.data?.items}
          columns={COLUMNS}
          empty={debounced || modeleId || etat ? t('process.list.noMatch') : t('process.list.empty')}
          head={
            <>
              <Table.Th>{t('process.fields.numero')}</Table.Th>
              <Table.Th>{t('process.fields.nomProcess')}</Table.Th>
              <Table.Th>{t('process.fields.workflow')}</Table.Th>
              <Table.Th>{t('process.fields.preparateur')}</Table.Th>
              <Table.Th>{t('process.fields.dateDebut')}</Table.Th>
              <Table.Th>{t('process.fields.status')}</Table.Th>
              <Table.Th>{t('process.fields.etat')}</Table.Th>
            </>
          }
        >
          {(p) => (
            <Table.Tr key={p.id}>
              <Table.Td>{displayNumero(p.numero)}</Table.Td>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/app/processus/${p.id}`}>
                  {p.nomProcess}
                </Anchor>
              </Table.Th>
              <Table.Td>{p.processModeleLibelle}</Table.Td>
              <Table.Td>{p.preparateur ?? '—'}</Table.Td>
              <Table.Td>{formatDateInteger(p.dateDebutInteger) || '—'}</Table.Td>
              <Table.Td>{p.etat === 'en_cours' ? (p.latestStatus ?? '—') : codeLabel(t, 'etat', p.etat)}</Table.Td>
              <Table.Td>
                <Badge color={ETAT_COLORS[p.etat]} variant="light">
                  {codeLabel(t, 'etat', p.etat)}
                </Badge>
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
        <PaginationBar
          summary={t('process.list.total', { count: total })}
          total={total}
          perPageChoices={PER_PAGE_CHOICES}
          paging={paging}
        />
      </QueryState>
      <ProcessCreateModal opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}

import * as API from '@app/contracts/api';
import { Button, Group, Select, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../lib/api.ts';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { usePaging } from '../../../ui/use-paging.ts';
import { useAbility } from '../../auth/index.ts';
import { HabilitationMatrix } from '../components/habilitation-matrix.tsx';
import { StatusLegend } from '../components/status-badge.tsx';
import { habilitationKeys } from '../habilitation.keys.ts';
import { useMatrix, useSymboles } from '../habilitation.queries.ts';
import { matrixRowsOf } from '../habilitation-matrix.util.ts';
import { countStatuses } from '../habilitation-status.ts';

/**
 * /app/habilitations: the person × symbol matrix (« Titres d'habilitation »), paged on the server, filtered by
 * service, company (the caller's and its contractors: a client's safety manager sees the EE staff) and name.
 */
export function TitresPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const ability = useAbility();
  const paging = usePaging(50);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [serviceId, setServiceId] = useState<string | null>(null);
  const [entrepriseId, setEntrepriseId] = useState<string | null>(null);
  const [alerte, setAlerte] = useState(false);
  const query = {
    search: debounced || undefined,
    serviceId: serviceId ? Number(serviceId) : undefined,
    entrepriseId: entrepriseId ? Number(entrepriseId) : undefined,
    alerte: alerte ? ('true' as const) : undefined,
    offset: paging.offset,
    perPage: paging.perPage,
  };
  const matrix = useMatrix(query);
  const symboles = useSymboles();
  const services = useQuery({
    queryKey: [...habilitationKeys.all, 'services'],
    queryFn: ({ signal }) => callApi(API.serviceModele.list, { query: {}, signal }),
    staleTime: 60_000,
  });
  const rows = matrix.data ? matrixRowsOf(matrix.data, symboles.data ?? []) : [];
  const counts = countStatuses(rows.flatMap((r) => Object.values(r.cells).flatMap((c) => (c ? [c.status] : []))));
  const filtered = Boolean(debounced || serviceId || entrepriseId || alerte);

  return (
    <Stack gap="md">
      <PageHeader
        title={t('habilitation.matrix.title')}
        actions={
          ability.can('create', 'Habilitation') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => navigate('/app/habilitations/titres/nouveau')}>
              {t('habilitation.titre.new')}
            </Button>
          )
        }
      />
      <Group align="flex-end" wrap="wrap" gap="sm">
        <TextInput
          label={t('habilitation.matrix.search')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            paging.resetPage();
          }}
          w={240}
        />
        <Select
          label={t('habilitation.matrix.service')}
          clearable
          searchable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={(services.data ?? []).map((s) => ({ value: String(s.id), label: s.libelle }))}
          value={serviceId}
          onChange={(v) => {
            setServiceId(v);
            paging.resetPage();
          }}
          w={220}
        />
        <Select
          label={t('habilitation.matrix.entreprise')}
          clearable
          searchable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          placeholder={t('habilitation.matrix.myEntreprise')}
          data={(matrix.data?.entreprises ?? []).map((e) => ({
            value: String(e.id),
            label: e.prestataire ? t('habilitation.matrix.prestataire', { nom: e.nom }) : e.nom,
          }))}
          value={entrepriseId}
          onChange={(v) => {
            setEntrepriseId(v);
            paging.resetPage();
          }}
          w={260}
        />
        <Switch
          label={t('habilitation.matrix.alerte')}
          checked={alerte}
          onChange={(e) => {
            setAlerte(e.currentTarget.checked);
            paging.resetPage();
          }}
          mb={6}
        />
      </Group>
      <StatusLegend counts={matrix.data ? counts : undefined} />
      <QueryState query={[matrix, symboles]}>
        {matrix.isPending ? (
          <Skeleton height={240} aria-label={t('common.loading')} />
        ) : rows.length === 0 ? (
          <Text c="dimmed">{filtered ? t('habilitation.matrix.emptyFiltered') : t('habilitation.matrix.empty')}</Text>
        ) : (
          <div aria-busy={matrix.isFetching}>
            <HabilitationMatrix
              symboles={matrix.data?.symboles ?? []}
              rows={rows}
              onOpenPerson={(id) => navigate(`/app/habilitations/personnes/${id}`)}
            />
          </div>
        )}
      </QueryState>
      {matrix.data && matrix.data.total > 0 && (
        <PaginationBar
          summary={t('habilitation.matrix.count', { count: matrix.data.total })}
          total={matrix.data.total}
          perPageChoices={['25', '50', '100', '200']}
          paging={paging}
        />
      )}
    </Stack>
  );
}

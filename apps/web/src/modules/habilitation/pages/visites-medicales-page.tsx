import { formatDate, TYPES_VISITE, type VisiteMedicale } from '@app/contracts';
import { Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { ReasonModal } from '../../../ui/reason-modal.tsx';
import { EditCancelRowActions } from '../../../ui/row-action.tsx';
import { usePaging } from '../../../ui/use-paging.ts';
import { useAbility } from '../../auth/index.ts';
import { VisiteEtatBadge } from '../components/visite-etat-badge.tsx';
import { VisiteFormModal } from '../components/visite-form-modal.tsx';
import { useCancelVisite, useVisitesPage } from '../habilitation.queries.ts';
import { usePeople } from '../habilitation-people.ts';

/** /app/visites-medicales: the medical follow-up (paged, by person and type), its validity, recorded, corrected or cancelled. */
export function VisitesMedicalesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const [params, setParams] = useSearchParams();
  const paging = usePaging(25);
  const people = usePeople();
  const utilisateurId = Number(params.get('utilisateurId')) || null;
  const [type, setType] = useState<string | null>(null);
  const visites = useVisitesPage({
    offset: paging.offset,
    perPage: paging.perPage,
    utilisateurId: utilisateurId ?? undefined,
    type: (type ?? undefined) as (typeof TYPES_VISITE)[number] | undefined,
  });
  const cancel = useCancelVisite();
  const [editing, setEditing] = useState<{ open: boolean; v: VisiteMedicale | null }>({ open: false, v: null });
  const [cancelling, setCancelling] = useState<VisiteMedicale | null>(null);
  const canCreate = ability.can('create', 'SuiviMedical');
  const canUpdate = ability.can('update', 'SuiviMedical');

  return (
    <Stack gap="md">
      <PageHeader
        title={t('habilitation.visite.title')}
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, v: null })}>
              {t('habilitation.visite.new')}
            </Button>
          )
        }
      />
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('habilitation.visite.personne')}
          searchable
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.fullName }))}
          value={utilisateurId ? String(utilisateurId) : null}
          onChange={(v) => {
            setParams(v ? { utilisateurId: v } : {}, { replace: true });
            paging.resetPage();
          }}
          w={260}
        />
        <Select
          label={t('habilitation.visite.type')}
          clearable
          clearButtonProps={{ 'aria-label': t('polish.clear') }}
          data={TYPES_VISITE.map((x) => ({ value: x, label: t(`habilitation.visite.types.${x}`) }))}
          value={type}
          onChange={(v) => {
            setType(v);
            paging.resetPage();
          }}
          w={280}
        />
      </Group>
      <QueryState query={visites}>
        <DataTable
          minWidth={820}
          striped
          verticalSpacing="xs"
          aria-label={t('habilitation.visite.title')}
          aria-busy={visites.isFetching}
          rows={visites.data?.items}
          columns={7}
          empty={utilisateurId || type ? t('habilitation.visite.emptyFiltered') : t('habilitation.visite.empty')}
          head={
            <>
              <Table.Th>{t('habilitation.visite.personne')}</Table.Th>
              <Table.Th>{t('habilitation.visite.type')}</Table.Th>
              <Table.Th>{t('habilitation.visite.date')}</Table.Th>
              <Table.Th>{t('habilitation.visite.resultat')}</Table.Th>
              <Table.Th>{t('habilitation.visite.validUntil')}</Table.Th>
              <Table.Th>{t('habilitation.visite.validite')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(v) => (
            <Table.Tr key={v.id}>
              <Table.Th scope="row">{v.utilisateur}</Table.Th>
              <Table.Td>{t(`habilitation.visite.types.${v.type}`)}</Table.Td>
              <Table.Td>{formatDate(v.date)}</Table.Td>
              <Table.Td>
                {v.resultat ? t(`habilitation.visite.resultats.${v.resultat}`) : '—'}
                {v.restrictions && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {v.restrictions}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{formatDate(v.validUntil) || '—'}</Table.Td>
              <Table.Td>
                <VisiteEtatBadge etat={v.etat} />
                {v.motifAnnulation && (
                  <Text size="xs" c="dimmed">
                    {v.motifAnnulation}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {canUpdate && !v.annuleeAt && (
                  <EditCancelRowActions
                    editLabel={t('habilitation.visite.editOne', { nom: v.utilisateur })}
                    cancelLabel={t('habilitation.visite.cancelOne', { nom: v.utilisateur })}
                    cancelTooltip={t('habilitation.visite.cancel')}
                    onEdit={() => setEditing({ open: true, v })}
                    onCancel={() => {
                      cancel.reset();
                      setCancelling(v);
                    }}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      {visites.data && visites.data.total > 0 && (
        <PaginationBar
          summary={t('habilitation.visite.count', { count: visites.data.total })}
          total={visites.data.total}
          perPageChoices={['25', '50', '100']}
          paging={paging}
        />
      )}
      <VisiteFormModal
        opened={editing.open}
        visite={editing.v}
        utilisateurId={utilisateurId}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ReasonModal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('habilitation.visite.cancelTitle')}
        text={t('habilitation.visite.cancelText', {
          nom: cancelling?.utilisateur ?? '',
          type: cancelling ? t(`habilitation.visite.types.${cancelling.type}`) : '',
          date: formatDate(cancelling?.date),
        })}
        label={t('habilitation.titre.motif')}
        submitLabel={t('habilitation.visite.cancel')}
        submitting={cancel.isPending}
        error={cancel.error}
        onConfirm={(motif) => cancelling && cancel.mutate({ id: cancelling.id, motif }, { onSuccess: () => setCancelling(null) })}
      />
    </Stack>
  );
}

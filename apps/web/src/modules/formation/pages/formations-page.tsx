import { DEFAULT_TIMEZONE, type Formation, formatDate } from '@app/contracts';
import { Badge, Button, Group, Stack, Table, Tabs } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayOf } from '../../../lib/dates.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { ReasonModal } from '../../../ui/reason-modal.tsx';
import { EditCancelRowActions } from '../../../ui/row-action.tsx';
import { usePaging } from '../../../ui/use-paging.ts';
import { useAbility } from '../../auth/index.ts';
import { AttemptOutcomeCells, AttemptOutcomeHead, useEvaluationPage } from '../../qcm/index.ts';
import { FormationFormModal } from '../components/formation-form-modal.tsx';
import { useCancelFormation, useFormationPage } from '../formation.queries.ts';
import { VALIDITE_COLORS, validiteOf } from '../formation.util.ts';

const PER_PAGE = ['10', '25', '50', '100'];

/** /app/formations: the trainings (with the avis per symbol) and, for managers, the evaluations taken. */
export function FormationsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const canEvaluations = ability.can('read', 'Qcm') || ability.can('create', 'Habilitation');
  const [tab, setTab] = useState<string | null>('formations');
  return (
    <Stack gap={0}>
      <PageHeader title={t('formation.title')} />
      {canEvaluations ? (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="formations">{t('formation.tabFormations')}</Tabs.Tab>
            <Tabs.Tab value="evaluations">{t('formation.tabEvaluations')}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="formations">
            <FormationsList />
          </Tabs.Panel>
          <Tabs.Panel value="evaluations">
            <EvaluationsList />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <FormationsList />
      )}
    </Stack>
  );
}

function ValiditeBadge({ validUntil, today }: { validUntil: string | null; today: string }) {
  const { t } = useTranslation();
  const v = validiteOf(validUntil, today);
  return (
    <Badge color={VALIDITE_COLORS[v]} variant={v === 'none' ? 'outline' : 'light'}>
      {t(`formation.validite.${v}`, { date: validUntil ? formatDate(validUntil) : '' })}
    </Badge>
  );
}

/** The trainings, newest first, a page at a time; create, edit, cancel (with a reason). */
function FormationsList() {
  const { t } = useTranslation();
  const ability = useAbility();
  const paging = usePaging(25);
  const page = useFormationPage(paging.offset, paging.perPage);
  const cancel = useCancelFormation();
  const [editing, setEditing] = useState<{ open: boolean; f: Formation | null }>({ open: false, f: null });
  const [cancelling, setCancelling] = useState<Formation | null>(null);
  const canCreate = ability.can('create', 'Habilitation');
  const canUpdate = ability.can('update', 'Habilitation');
  const today = dayOf(new Date().toISOString(), DEFAULT_TIMEZONE);
  return (
    <Stack gap={0}>
      {canCreate && (
        <Group justify="flex-end" mb="md">
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, f: null })}>
            {t('formation.new')}
          </Button>
        </Group>
      )}
      <QueryState query={page}>
        <DataTable
          minWidth={900}
          striped
          aria-label={t('formation.tabFormations')}
          aria-busy={page.isFetching}
          rows={page.data?.items}
          columns={7}
          empty={t('formation.empty')}
          head={
            <>
              <Table.Th>{t('formation.fields.personne')}</Table.Th>
              <Table.Th>{t('formation.fields.intitule')}</Table.Th>
              <Table.Th>{t('formation.fields.organisme')}</Table.Th>
              <Table.Th>{t('formation.fields.date')}</Table.Th>
              <Table.Th>{t('formation.fields.validite')}</Table.Th>
              <Table.Th>{t('formation.fields.avis')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(f) => (
            <Table.Tr key={f.id}>
              <Table.Th scope="row" fw={500}>
                {f.utilisateurNom}
              </Table.Th>
              <Table.Td>{f.intitule}</Table.Td>
              <Table.Td>{f.organisme}</Table.Td>
              <Table.Td>{formatDate(f.date)}</Table.Td>
              <Table.Td>
                <ValiditeBadge validUntil={f.validUntil} today={today} />
              </Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {f.avisApresFormation.length === 0
                    ? '—'
                    : f.avisApresFormation.map((a) => (
                        <Badge key={a.symbole} color={a.avis === 'favorable' ? 'teal' : 'red'} variant="light">
                          {t('formation.avisBadge', { symbole: a.symbole, avis: t(`formation.avis.${a.avis}`) })}
                        </Badge>
                      ))}
                </Group>
              </Table.Td>
              <Table.Td>
                {canUpdate && (
                  <EditCancelRowActions
                    editLabel={t('formation.edit', { intitule: f.intitule })}
                    cancelLabel={t('formation.cancel', { intitule: f.intitule })}
                    cancelTooltip={t('formation.cancelShort')}
                    onEdit={() => setEditing({ open: true, f })}
                    onCancel={() => {
                      cancel.reset();
                      setCancelling(f);
                    }}
                  />
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
        {page.data && page.data.total > 0 && (
          <PaginationBar
            summary={t('formation.summary', { count: page.data.total })}
            total={page.data.total}
            perPageChoices={PER_PAGE}
            paging={paging}
          />
        )}
      </QueryState>
      <FormationFormModal opened={editing.open} formation={editing.f} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
      <ReasonModal
        opened={cancelling !== null}
        onClose={() => setCancelling(null)}
        title={t('formation.confirmCancel.title')}
        text={t('formation.confirmCancel.text', { intitule: cancelling?.intitule ?? '', personne: cancelling?.utilisateurNom ?? '' })}
        label={t('formation.confirmCancel.motif')}
        submitLabel={t('formation.confirmCancel.confirm')}
        maxLength={4000}
        submitting={cancel.isPending}
        error={cancel.error}
        onConfirm={(motif) => cancelling && cancel.mutate({ id: cancelling.id, motif }, { onSuccess: () => setCancelling(null) })}
      />
    </Stack>
  );
}

/** The attempts of everyone (person, quiz, date, score, réussi), newest first. */
function EvaluationsList() {
  const { t } = useTranslation();
  const paging = usePaging(25);
  const page = useEvaluationPage(paging.offset, paging.perPage);
  return (
    <QueryState query={page}>
      <DataTable
        minWidth={760}
        striped
        aria-label={t('qcm.list.title')}
        aria-busy={page.isFetching}
        rows={page.data?.items}
        columns={6}
        empty={t('qcm.list.empty')}
        head={
          <>
            <Table.Th>{t('qcm.fields.personne')}</Table.Th>
            <Table.Th>{t('qcm.fields.qcm')}</Table.Th>
            <AttemptOutcomeHead />
          </>
        }
      >
        {(e) => (
          <Table.Tr key={e.id}>
            <Table.Th scope="row" fw={500}>
              {e.utilisateurNom}
            </Table.Th>
            <Table.Td>{e.qcmLibelle}</Table.Td>
            <AttemptOutcomeCells e={e} />
          </Table.Tr>
        )}
      </DataTable>
      {page.data && page.data.total > 0 && (
        <PaginationBar
          summary={t('qcm.list.summary', { count: page.data.total })}
          total={page.data.total}
          perPageChoices={PER_PAGE}
          paging={paging}
        />
      )}
    </QueryState>
  );
}

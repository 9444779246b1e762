import type { Equipement } from '@app/contracts';
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useProcessusLies } from '../equipement.queries.ts';

const day = (iso: string) =>
  new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', day: '2-digit', month: '2-digit', year: '2-digit' }).format(new Date(iso));

/** « Processus liés »: the processes that name this equipment, each a link to its screen. */
export function ProcessusTab({ equipement }: { equipement: Equipement }) {
  const { t } = useTranslation();
  const list = useProcessusLies(equipement.id);
  return (
    <QueryState query={list}>
      <DataTable
        minWidth={560}
        verticalSpacing="xs"
        aria-label={t('equipement.tabs.processus')}
        rows={list.data}
        columns={4}
        empty={t('equipement.processus.empty')}
        head={
          <>
            <Table.Th>{t('equipement.processus.libelle')}</Table.Th>
            <Table.Th>{t('equipement.processus.workflow')}</Table.Th>
            <Table.Th>{t('equipement.processus.etape')}</Table.Th>
            <Table.Th>{t('equipement.processus.createdAt')}</Table.Th>
          </>
        }
      >
        {(p) => (
          <Table.Tr key={p.id}>
            <Table.Th scope="row" fw={500}>
              <Anchor component={Link} to={`/app/processus/${p.id}`}>
                {p.libelle || t('equipement.processus.unnamed', { id: p.id })}
              </Anchor>
            </Table.Th>
            <Table.Td>{p.workflowLibelle ?? '—'}</Table.Td>
            <Table.Td>{p.etapeLibelle ?? '—'}</Table.Td>
            <Table.Td>{day(p.createdAt)}</Table.Td>
          </Table.Tr>
        )}
      </DataTable>
    </QueryState>
  );
}

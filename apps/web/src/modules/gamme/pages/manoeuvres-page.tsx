import { Anchor, Stack, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useGammes } from '../gamme.queries.ts';

/** /app/manoeuvres: the gammes whose manoeuvre sheet can be opened, with their number of lines. */
export function ManoeuvresPage() {
  const { t } = useTranslation();
  const list = useGammes(null);
  const rows = list.data ? [...list.data].sort((a, b) => b.nbLignes - a.nbLignes || a.libelle.localeCompare(b.libelle, 'fr')) : undefined;
  return (
    <Stack gap={0}>
      <PageHeader title={t('gamme.manoeuvre.listTitle')} />
      <QueryState query={list}>
        <DataTable
          minWidth={420}
          striped
          verticalSpacing="xs"
          aria-label={t('gamme.manoeuvre.listTitle')}
          rows={rows}
          columns={3}
          empty={t('gamme.empty')}
          head={
            <>
              <Table.Th>{t('gamme.manoeuvre.fiche')}</Table.Th>
              <Table.Th>{t('gamme.fields.client')}</Table.Th>
              <Table.Th>{t('gamme.manoeuvre.lignes')}</Table.Th>
            </>
          }
        >
          {(g) => (
            <Table.Tr key={g.id}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/app/manoeuvres/${g.id}`}>
                  {g.libelle}
                </Anchor>
              </Table.Th>
              <Table.Td>{g.client ?? ''}</Table.Td>
              <Table.Td>{g.nbLignes}</Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
    </Stack>
  );
}

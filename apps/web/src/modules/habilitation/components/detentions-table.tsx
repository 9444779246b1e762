import { formatDate, type TitreHabilitation } from '@app/contracts';
import { Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/data-table.tsx';

type Detention = TitreHabilitation['detentions'][number];

interface Props {
  titre: TitreHabilitation;
  /** The table's accessible name. */
  label: string;
  /** The last column: its heading and each holding's cell (the title's restrictions, or its state for a person). */
  last: { heading: string; cell: (d: Detention) => ReactNode };
}

/** The symbols a title holds: symbol, scope, dates, and a last column the page chooses. */
export function DetentionsTable({ titre, label, last }: Props) {
  const { t } = useTranslation();
  return (
    <DataTable
      minWidth={640}
      verticalSpacing="xs"
      aria-label={label}
      rows={titre.detentions}
      columns={5}
      empty={t('habilitation.titre.noSymbol')}
      head={
        <>
          <Table.Th>{t('habilitation.fields.symbole')}</Table.Th>
          <Table.Th>{t('habilitation.fields.portee')}</Table.Th>
          <Table.Th>{t('habilitation.fields.dateObtention')}</Table.Th>
          <Table.Th>{t('habilitation.fields.dateEcheance')}</Table.Th>
          <Table.Th>{last.heading}</Table.Th>
        </>
      }
    >
      {(d) => (
        <Table.Tr key={d.id}>
          <Table.Th scope="row">
            {d.code}
            <Text size="xs" c="dimmed">
              {d.libelle}
            </Text>
          </Table.Th>
          <Table.Td>
            {[d.domaine, d.equipementLibelle, d.localisationLibelle].filter(Boolean).join(' · ') || t('habilitation.titre.wholeScope')}
          </Table.Td>
          <Table.Td>{formatDate(d.dateObtention) || '—'}</Table.Td>
          <Table.Td>{formatDate(d.dateEcheance) || '—'}</Table.Td>
          <Table.Td>{last.cell(d)}</Table.Td>
        </Table.Tr>
      )}
    </DataTable>
  );
}

import { Badge, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabel } from '../../../lib/labels.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useProfilList, useProfilLogiciels } from '../profil.queries.ts';

/** /app/profils: client profiles, or (EE switch) the supplier-type profiles listed apart, with their software. */
export function ProfilsPage() {
  const { t } = useTranslation();
  const [isEE, setIsEE] = useState(false);
  const profils = useProfilList(isEE);
  const logiciels = useProfilLogiciels();
  const owned = logiciels.data;
  const rows =
    profils.data && owned
      ? [...profils.data].sort((a, b) => a.idx - b.idx).map((p) => ({ p, own: owned.filter((l) => l.profilModeleId === p.id) }))
      : undefined;
  return (
    <Stack gap={0}>
      <PageHeader title={t('profil.title')} />
      <Switch
        mb="md"
        label={t('permission.ee')}
        description={t('profil.eeHelp')}
        checked={isEE}
        onChange={(e) => setIsEE(e.currentTarget.checked)}
      />
      <QueryState query={[profils, logiciels]}>
        <DataTable
          minWidth={560}
          striped
          verticalSpacing="xs"
          aria-label={isEE ? t('profil.tableEE') : t('profil.table')}
          rows={rows}
          columns={4}
          empty={t('profil.empty')}
          head={
            <>
              <Table.Th>{t('profil.columns.libelle')}</Table.Th>
              <Table.Th>{t('profil.columns.code')}</Table.Th>
              <Table.Th>{t('profil.columns.type')}</Table.Th>
              <Table.Th>{t('profil.columns.logiciels')}</Table.Th>
            </>
          }
        >
          {({ p, own }) => (
            <Table.Tr key={p.id}>
              <Table.Th scope="row" fw={500}>
                {p.libelle}
              </Table.Th>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  {p.code}
                </Text>
              </Table.Td>
              <Table.Td>{t(`profil.types.${p.type}`)}</Table.Td>
              <Table.Td>
                {own.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('profil.noLogiciel')}
                  </Text>
                ) : (
                  <Group gap={4}>
                    {own.map((l) => (
                      <Badge key={l.id} variant="light">
                        {codeLabel(t, 'logiciel', l.code, l.libelle)}
                      </Badge>
                    ))}
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
    </Stack>
  );
}

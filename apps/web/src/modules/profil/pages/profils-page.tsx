import { Badge, Group, Stack, Switch, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { TableSkeleton } from '../../../ui/table-skeleton.tsx';
import { useProfilList, useProfilLogiciels } from '../../permission/permission.queries.ts';

/** /app/profils: client profiles, or (EE switch) the supplier-type profiles listed apart, with their software. */
export function ProfilsPage() {
  const { t } = useTranslation();
  const [isEE, setIsEE] = useState(false);
  const profils = useProfilList(isEE);
  const logiciels = useProfilLogiciels();
  const error = profils.error ?? logiciels.error;
  const rows = profils.data ? [...profils.data].sort((a, b) => a.idx - b.idx) : undefined;
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
      {error ? (
        <QueryError
          error={error}
          onRetry={() => {
            void profils.refetch();
            void logiciels.refetch();
          }}
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-label={isEE ? t('profil.tableEE') : t('profil.table')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('profil.columns.libelle')}</Table.Th>
                <Table.Th>{t('profil.columns.code')}</Table.Th>
                <Table.Th>{t('profil.columns.type')}</Table.Th>
                <Table.Th>{t('profil.columns.logiciels')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!rows || !logiciels.data ? (
                <TableSkeleton columns={4} />
              ) : rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text ta="center" c="dimmed" py="lg">
                      {t('profil.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((p) => {
                  const own = logiciels.data.filter((l) => l.profilModeleId === p.id);
                  return (
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
                                {l.libelle}
                              </Badge>
                            ))}
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

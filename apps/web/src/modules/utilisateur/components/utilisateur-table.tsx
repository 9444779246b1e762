import type { Utilisateur } from '@app/contracts';
import { Badge, ColorSwatch, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SortableTh, type SortOrder } from '../../../ui/sortable-th.tsx';
import { TableSkeleton } from '../../../ui/table-skeleton.tsx';
import { UtilisateurRowActions } from './utilisateur-row-actions.tsx';

export type UtilisateurSortKey = 'nom' | 'prenom' | 'mail' | 'fonction' | 'service' | 'profil' | 'enable';

interface Props {
  rows: Utilisateur[] | undefined;
  loading: boolean;
  sort: UtilisateurSortKey;
  order: SortOrder;
  onSort: (sort: UtilisateurSortKey, order: SortOrder) => void;
  onEdit: (u: Utilisateur) => void;
  onToggleEnable: (u: Utilisateur) => void;
  onDelete: (u: Utilisateur) => void;
}

const COLUMNS: UtilisateurSortKey[] = ['nom', 'prenom', 'mail', 'fonction', 'service', 'profil', 'enable'];

/** Server-sorted table of users. */
export function UtilisateurTable({ rows, loading, sort, order, onSort, ...actions }: Props) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={t('utilisateur.title')}>
        <Table.Thead>
          <Table.Tr>
            {COLUMNS.map((c) => (
              <SortableTh key={c} column={c} sort={sort} order={order} onSort={onSort}>
                {t(`utilisateur.columns.${c}`)}
              </SortableTh>
            ))}
            <Table.Th>
              <Text fw={600} size="sm" ta="right">
                {t('common.actions')}
              </Text>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && !rows ? (
            <TableSkeleton columns={COLUMNS.length + 1} />
          ) : rows && rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length + 1}>
                <Text ta="center" c="dimmed" py="lg">
                  {t('utilisateur.empty')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows?.map((u) => (
              <Table.Tr key={u.id}>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {u.couleur && <ColorSwatch color={u.couleur} size={12} aria-hidden />}
                    <Text size="sm" fw={500}>
                      {u.nom}
                    </Text>
                  </Group>
                </Table.Td>
                <Table.Td>{u.prenom}</Table.Td>
                <Table.Td>{u.mail}</Table.Td>
                <Table.Td>{u.fonction}</Table.Td>
                <Table.Td>{u.service}</Table.Td>
                <Table.Td>{u.profil}</Table.Td>
                <Table.Td>
                  <Badge color={u.enable ? 'teal' : 'gray'} variant="light">
                    {u.enable ? t('utilisateur.active') : t('utilisateur.inactive')}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <UtilisateurRowActions
                    utilisateur={u}
                    onEdit={() => actions.onEdit(u)}
                    onToggleEnable={() => actions.onToggleEnable(u)}
                    onDelete={() => actions.onDelete(u)}
                  />
                </Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

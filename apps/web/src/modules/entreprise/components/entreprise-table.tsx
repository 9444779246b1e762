import type { Entreprise } from '@app/contracts';
import { ActionIcon, Badge, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { codeLabel } from '../../../lib/labels.ts';
import { useAbility } from '../../auth/index.ts';
import { SupportEnterAction } from '../../support/index.ts';

interface Props {
  rows: Entreprise[];
  busy: boolean;
  onMove: (index: number, delta: -1 | 1) => void;
  onEdit: (e: Entreprise) => void;
  onLock: (e: Entreprise) => void;
  onDelete: (e: Entreprise) => void;
}

function Action(props: { label: string; color?: string; disabled?: boolean; onClick: () => void; children: React.ReactNode }) {
  return (
    <Tooltip label={props.label}>
      <ActionIcon variant="subtle" color={props.color} aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
        {props.children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The companies in their display order, with reorder, edit, lock and delete actions. */
export function EntrepriseTable({ rows, busy, onMove, onEdit, onLock, onDelete }: Props) {
  const { t } = useTranslation();
  const ability = useAbility();
  const canManage = ability.can('manage', 'Entreprise');
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover aria-label={t('entreprise.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('entreprise.columns.nom')}</Table.Th>
            <Table.Th>{t('entreprise.columns.type')}</Table.Th>
            <Table.Th>{t('entreprise.columns.logiciels')}</Table.Th>
            <Table.Th>{t('entreprise.columns.utilisateurs')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((e, i) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Group gap="xs">
                  <Text fw={500} size="sm">
                    {e.nom}
                  </Text>
                  {e.locked && (
                    <Badge color="red" variant="light" leftSection={<IconLock size={12} />}>
                      {t('entreprise.locked')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{e.eu ? t('entreprise.external') : t('entreprise.client')}</Table.Td>
              <Table.Td>
                <Group gap={4}>
                  {e.logiciels
                    .filter((l) => l.enable)
                    .map((l) => (
                      <Badge key={l.code} size="xs" variant={l.active ? 'filled' : 'outline'}>
                        {codeLabel(t, 'logiciel', l.code, l.libelle)}
                      </Badge>
                    ))}
                </Group>
              </Table.Td>
              <Table.Td>{e.nbUtilisateurs}</Table.Td>
              <Table.Td>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  {canManage && <SupportEnterAction entreprise={e} />}
                  {canManage && (
                    <>
                      <Action label={`${t('entreprise.actions.up')} ${e.nom}`} disabled={busy || i === 0} onClick={() => onMove(i, -1)}>
                        <IconArrowUp size={16} />
                      </Action>
                      <Action
                        label={`${t('entreprise.actions.down')} ${e.nom}`}
                        disabled={busy || i === rows.length - 1}
                        onClick={() => onMove(i, 1)}
                      >
                        <IconArrowDown size={16} />
                      </Action>
                    </>
                  )}
                  {ability.can('update', 'Entreprise') && (
                    <Action label={`${t('common.edit')} ${e.nom}`} onClick={() => onEdit(e)}>
                      <IconPencil size={16} />
                    </Action>
                  )}
                  {canManage && (
                    <Action
                      label={`${e.locked ? t('entreprise.actions.unlock') : t('entreprise.actions.lock')} ${e.nom}`}
                      color={e.locked ? 'teal' : 'orange'}
                      onClick={() => onLock(e)}
                    >
                      {e.locked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
                    </Action>
                  )}
                  {ability.can('delete', 'Entreprise') && (
                    <Action label={`${t('common.delete')} ${e.nom}`} color="red" onClick={() => onDelete(e)}>
                      <IconTrash size={16} />
                    </Action>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

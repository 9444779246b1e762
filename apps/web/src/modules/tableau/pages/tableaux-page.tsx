import type { Tableau } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { useWorkflows } from '../../workflow/index.ts';
import { TableauFormModal } from '../components/tableau-form-modal.tsx';
import { TableauIcon } from '../components/tableau-icon.tsx';
import { useFieldsById, useTableauMutation, useTableaux } from '../tableau.queries.ts';

/** /app/tableaux: the company's boards (create, edit, delete as the caller may), each opening its screen. */
export function TableauxPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const list = useTableaux();
  const workflows = useWorkflows();
  const { fields } = useFieldsById();
  const remove = useTableauMutation(API.tableau.delete, { silentError: true });
  // undefined: closed; null: a new board.
  const [editing, setEditing] = useState<Tableau | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Tableau | null>(null);
  const canCreate = ability.can('create', 'Tableau');
  const workflowName = (id: number) => workflows.data?.find((w) => w.id === id)?.libelle ?? `Workflow ${id}`;

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('tableau.title')}
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t('tableau.new')}
            </Button>
          )
        }
      />
      <QueryState query={list}>
        <DataTable
          minWidth={720}
          striped
          verticalSpacing="xs"
          aria-label={t('tableau.title')}
          rows={list.data}
          columns={4}
          empty={t('tableau.empty')}
          head={
            <>
              <Table.Th>{t('tableau.fields.nom')}</Table.Th>
              <Table.Th>{t('tableau.fields.workflows')}</Table.Th>
              <Table.Th>{t('tableau.fields.metriques')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(b) => (
            <Table.Tr key={b.id}>
              <Table.Th scope="row" fw={500}>
                <Group gap="xs" wrap="nowrap">
                  <TableauIcon name={b.icon} />
                  <Anchor component={Link} to={`/app/tableaux/${b.id}`}>
                    {b.nom}
                  </Anchor>
                </Group>
              </Table.Th>
              <Table.Td>{b.workflows.length ? b.workflows.map(workflowName).join(', ') : '—'}</Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={2}>
                  {b.metriques.length ? b.metriques.map((id) => fields.get(id)?.nom ?? `Champ ${id}`).join(', ') : '—'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {b.abilities?.update && (
                    <RowAction label={`${t('common.edit')} ${b.nom}`} tooltip={t('common.edit')} onClick={() => setEditing(b)}>
                      <IconPencil size={18} />
                    </RowAction>
                  )}
                  {b.abilities?.delete && (
                    <DeleteRowAction
                      name={b.nom}
                      onClick={() => {
                        remove.reset();
                        setDeleting(b);
                      }}
                    />
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      <TableauFormModal
        opened={editing !== undefined}
        tableau={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={(saved) => {
          const created = editing === null;
          setEditing(undefined);
          if (created) void navigate(`/app/tableaux/${saved.id}`);
        }}
      />
      <DeleteConfirmModal
        target={deleting}
        title={t('tableau.confirmDelete.title')}
        message={t('tableau.confirmDelete.text', { nom: deleting?.nom ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => remove.mutate({ params: { id: d.id } }, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

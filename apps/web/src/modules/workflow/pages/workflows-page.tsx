import { LOGICIELS } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Anchor, Badge, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { IconCopy, IconLock, IconLockOpen, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { messageOfError } from '../../../lib/notify.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { useWorkflowMutation, useWorkflows } from '../workflow.queries.ts';

type Summary = NonNullable<ReturnType<typeof useWorkflows>['data']>[number];

/** A workflow's package: the name of its software when it is one (never the code « mc »), else as typed. */
function packageLabel(pkg: string | null): string {
  if (!pkg) return '—';
  return LOGICIELS.find((l) => l.code === pkg)?.libelle ?? pkg;
}

/** /app/workflows: the company's workflow models (create, open, duplicate, lock, delete). */
export function WorkflowsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const navigate = useNavigate();
  const list = useWorkflows();
  const create = useWorkflowMutation(API.workflow.create, { silentError: true });
  const duplicate = useWorkflowMutation(API.workflow.duplicate);
  const lock = useWorkflowMutation(API.workflow.lock);
  const remove = useWorkflowMutation(API.workflow.delete, { silentError: true });
  const [creating, setCreating] = useState(false);
  const [libelle, setLibelle] = useState('');
  const [deleting, setDeleting] = useState<Summary | null>(null);
  const canCreate = ability.can('create', 'ProcessModele');

  const submitCreate = () =>
    create.mutate(
      { body: { libelle: libelle.trim() } },
      {
        onSuccess: (m) => {
          setCreating(false);
          setLibelle('');
          void navigate(`/app/workflows/${m.id}`);
        },
      },
    );

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('workflow.title')}
        actions={
          canCreate && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                create.reset();
                setCreating(true);
              }}
            >
              {t('workflow.new')}
            </Button>
          )
        }
      />
      <QueryState query={list}>
        <DataTable
          minWidth={640}
          striped
          verticalSpacing="xs"
          aria-label={t('workflow.title')}
          rows={list.data}
          columns={4}
          empty={t('workflow.empty')}
          head={
            <>
              <Table.Th>{t('workflow.fields.libelle')}</Table.Th>
              <Table.Th>{t('workflow.fields.package')}</Table.Th>
              <Table.Th>{t('workflow.fields.nbEtapes')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(w) => (
            <Table.Tr key={w.id}>
              <Table.Th scope="row" fw={500}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/app/workflows/${w.id}`}>
                    {w.libelle}
                  </Anchor>
                  {w.locked && (
                    <Badge size="sm" color="orange" variant="light" leftSection={<IconLock size={12} />}>
                      {t('workflow.locked')}
                    </Badge>
                  )}
                </Group>
              </Table.Th>
              <Table.Td>{packageLabel(w.package)}</Table.Td>
              <Table.Td>{w.nbEtapes}</Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canCreate && (
                    <RowAction
                      label={t('workflow.duplicateNamed', { name: w.libelle })}
                      tooltip={t('workflow.duplicate')}
                      loading={duplicate.isPending && duplicate.variables?.body?.id === w.id}
                      onClick={() => duplicate.mutate({ body: { id: w.id } })}
                    >
                      <IconCopy size={18} />
                    </RowAction>
                  )}
                  {w.abilities?.update && (
                    <RowAction
                      label={t(w.locked ? 'workflow.unlockNamed' : 'workflow.lockNamed', { name: w.libelle })}
                      tooltip={w.locked ? t('workflow.unlock') : t('workflow.lock')}
                      color={w.locked ? 'orange' : undefined}
                      onClick={() => lock.mutate({ body: { id: w.id, locked: !w.locked } })}
                    >
                      {w.locked ? <IconLockOpen size={18} /> : <IconLock size={18} />}
                    </RowAction>
                  )}
                  {w.abilities?.delete && (
                    <DeleteRowAction
                      name={w.libelle}
                      onClick={() => {
                        remove.reset();
                        setDeleting(w);
                      }}
                    />
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      <FormModal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('workflow.new')}
        centered
        onSubmit={submitCreate}
        submitLabel={t('workflow.create')}
        submitting={create.isPending}
        submitDisabled={libelle.trim().length < 2}
      >
        <TextInput
          label={t('workflow.fields.libelle')}
          value={libelle}
          onChange={(e) => setLibelle(e.currentTarget.value)}
          error={create.isError ? messageOfError(create.error) : undefined}
          required
          data-autofocus
        />
      </FormModal>
      <DeleteConfirmModal
        target={deleting}
        title={t('workflow.confirmDelete.title')}
        message={t('workflow.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => remove.mutate({ params: { id: d.id } }, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

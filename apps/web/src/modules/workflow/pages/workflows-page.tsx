import { API } from '@app/contracts';
import { ActionIcon, Anchor, Badge, Button, Group, Modal, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconCopy, IconLock, IconLockOpen, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { messageOfError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { TableSkeleton } from '../../../ui/table-skeleton.tsx';
import { useAbility } from '../../auth/session.ts';
import { useWorkflowMutation, useWorkflows } from '../workflow.queries.ts';

type Summary = NonNullable<ReturnType<typeof useWorkflows>['data']>[number];

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
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped verticalSpacing="xs" aria-label={t('workflow.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('workflow.fields.libelle')}</Table.Th>
                <Table.Th>{t('workflow.fields.package')}</Table.Th>
                <Table.Th>{t('workflow.fields.nbEtapes')}</Table.Th>
                <Table.Th ta="right">{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!list.data ? (
                <TableSkeleton columns={4} />
              ) : list.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text ta="center" c="dimmed" py="lg">
                      {t('workflow.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                list.data.map((w) => (
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
                    <Table.Td>{w.package ?? '—'}</Table.Td>
                    <Table.Td>{w.nbEtapes}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {canCreate && (
                          <Tooltip label={t('workflow.duplicate')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('workflow.duplicateNamed', { name: w.libelle })}
                              loading={duplicate.isPending && duplicate.variables?.body?.id === w.id}
                              onClick={() => duplicate.mutate({ body: { id: w.id } })}
                            >
                              <IconCopy size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {w.abilities?.update && (
                          <Tooltip label={w.locked ? t('workflow.unlock') : t('workflow.lock')}>
                            <ActionIcon
                              variant="subtle"
                              color={w.locked ? 'orange' : undefined}
                              aria-label={t(w.locked ? 'workflow.unlockNamed' : 'workflow.lockNamed', { name: w.libelle })}
                              onClick={() => lock.mutate({ body: { id: w.id, locked: !w.locked } })}
                            >
                              {w.locked ? <IconLockOpen size={18} /> : <IconLock size={18} />}
                            </ActionIcon>
                          </Tooltip>
                        )}
                        {w.abilities?.delete && (
                          <Tooltip label={t('common.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`${t('common.delete')} ${w.libelle}`}
                              onClick={() => {
                                remove.reset();
                                setDeleting(w);
                              }}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('workflow.new')}
        centered
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submitCreate();
          }}
        >
          <Stack>
            <TextInput
              label={t('workflow.fields.libelle')}
              value={libelle}
              onChange={(e) => setLibelle(e.currentTarget.value)}
              error={create.isError ? messageOfError(create.error) : undefined}
              required
              data-autofocus
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreating(false)}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={create.isPending} disabled={libelle.trim().length < 2}>
                {t('workflow.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmModal
        opened={deleting !== null}
        title={t('workflow.confirmDelete.title')}
        message={t('workflow.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        error={remove.isError ? messageOfError(remove.error) : null}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ params: { id: deleting.id } }, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

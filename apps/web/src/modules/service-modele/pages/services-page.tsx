import { SERVICE_TYPES, type ServiceModele, type ServiceType } from '@app/contracts';
import { ActionIcon, Button, ColorSwatch, Group, Stack, Table, Tabs, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError, notifyError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { TableSkeleton } from '../../../ui/table-skeleton.tsx';
import { useAbility } from '../../auth/session.ts';
import { ServiceFormModal } from '../components/service-form-modal.tsx';
import { useArrangeServiceModeles, useDeleteServiceModele, useServiceModeles } from '../service-modele.queries.ts';

/** /app/services: the company's services by type (internal, contractors, suppliers). */
export function ServicesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const [type, setType] = useState<ServiceType>('client');
  const [editing, setEditing] = useState<{ open: boolean; service: ServiceModele | null }>({ open: false, service: null });
  const [deleting, setDeleting] = useState<ServiceModele | null>(null);
  const list = useServiceModeles();
  const remove = useDeleteServiceModele();
  const arrange = useArrangeServiceModeles();
  const canCreate = ability.can('create', 'ServiceModele');
  const canUpdate = ability.can('update', 'ServiceModele');
  const canDelete = ability.can('delete', 'ServiceModele');
  const rows = list.data?.filter((s) => s.type === type).sort((a, b) => a.idx - b.idx || a.id - b.id);

  const move = (index: number, dir: -1 | 1) => {
    if (!rows) return;
    const ids = rows.map((s) => s.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + dir, 0, id);
    arrange.mutate(ids, { onError: notifyError });
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('service.title')}
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, service: null })}>
              {t(`service.new.${type}`)}
            </Button>
          )
        }
      />
      <Tabs value={type} onChange={(v) => setType((v ?? 'client') as ServiceType)} mb="md">
        <Tabs.List>
          {SERVICE_TYPES.map((s) => (
            <Tabs.Tab key={s} value={s}>
              {t(`service.types.${s}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {list.isError ? (
        <QueryError error={list.error} onRetry={() => list.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped verticalSpacing="xs" aria-label={t(`service.types.${type}`)} aria-busy={arrange.isPending}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('service.fields.libelle')}</Table.Th>
                <Table.Th>{t('service.fields.nbUtilisateurs')}</Table.Th>
                <Table.Th ta="right">{t('common.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!rows ? (
                <TableSkeleton columns={3} />
              ) : rows.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={3}>
                    <Text ta="center" c="dimmed" py="lg">
                      {t('service.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((s, i) => (
                  <Table.Tr key={s.id}>
                    <Table.Th scope="row" fw={500}>
                      <Group gap="xs" wrap="nowrap">
                        {s.couleur && <ColorSwatch color={s.couleur} size={14} aria-hidden />}
                        {s.libelle}
                      </Group>
                    </Table.Th>
                    <Table.Td>{s.nbUtilisateurs}</Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        {canUpdate && (
                          <>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('menuEditor.up')} ${s.libelle}`}
                              disabled={i === 0 || arrange.isPending}
                              onClick={() => move(i, -1)}
                            >
                              <IconArrowUp size={16} />
                            </ActionIcon>
                            <ActionIcon
                              variant="subtle"
                              aria-label={`${t('menuEditor.down')} ${s.libelle}`}
                              disabled={i === rows.length - 1 || arrange.isPending}
                              onClick={() => move(i, 1)}
                            >
                              <IconArrowDown size={16} />
                            </ActionIcon>
                            <Tooltip label={t('common.edit')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`${t('common.edit')} ${s.libelle}`}
                                onClick={() => setEditing({ open: true, service: s })}
                              >
                                <IconPencil size={18} />
                              </ActionIcon>
                            </Tooltip>
                          </>
                        )}
                        {canDelete && (
                          <Tooltip label={t('common.delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={`${t('common.delete')} ${s.libelle}`}
                              onClick={() => {
                                remove.reset();
                                setDeleting(s);
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
      <ServiceFormModal
        opened={editing.open}
        type={editing.service?.type ?? type}
        service={editing.service}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={t('service.confirmDelete.title')}
        message={t('service.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        error={remove.isError ? messageOfError(remove.error) : null}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate({ type: deleting.type, id: deleting.id }, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

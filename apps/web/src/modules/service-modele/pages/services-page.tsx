import { SERVICE_TYPES, type ServiceModele, type ServiceType } from '@app/contracts';
import { ActionIcon, Button, ColorSwatch, Group, Stack, Table, Tabs } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
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
      <QueryState query={list}>
        <DataTable
          minWidth={560}
          striped
          verticalSpacing="xs"
          aria-label={t(`service.types.${type}`)}
          aria-busy={arrange.isPending}
          rows={rows}
          columns={3}
          empty={t('service.empty')}
          head={
            <>
              <Table.Th>{t('service.fields.libelle')}</Table.Th>
              <Table.Th>{t('service.fields.nbUtilisateurs')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(s, i, all) => (
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
                        disabled={i === all.length - 1 || arrange.isPending}
                        onClick={() => move(i, 1)}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                      <RowAction
                        label={`${t('common.edit')} ${s.libelle}`}
                        tooltip={t('common.edit')}
                        onClick={() => setEditing({ open: true, service: s })}
                      >
                        <IconPencil size={18} />
                      </RowAction>
                    </>
                  )}
                  {canDelete && (
                    <DeleteRowAction
                      name={s.libelle}
                      onClick={() => {
                        remove.reset();
                        setDeleting(s);
                      }}
                    />
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      <ServiceFormModal
        opened={editing.open}
        type={editing.service?.type ?? type}
        service={editing.service}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <DeleteConfirmModal
        target={deleting}
        title={t('service.confirmDelete.title')}
        message={t('service.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => remove.mutate({ type: d.type, id: d.id }, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

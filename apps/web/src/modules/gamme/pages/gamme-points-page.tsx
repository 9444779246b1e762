import type { GammePoint } from '@app/contracts';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPencil, IconPlus, IconRowInsertTop } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notifyError } from '../../../lib/notify.ts';
import { BackLink } from '../../../ui/back-link.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { PointFormModal } from '../components/point-form-modal.tsx';
import { useDeletePoint, useGammePoints, useGammes, useMovePoint } from '../gamme.queries.ts';
import { orderedPoints, rangeText } from '../gamme.util.ts';

/** /app/gammes/:id: the points of a gamme in their order; add, insert, move up or down, edit, remove. */
export function GammePointsPage() {
  const { t } = useTranslation();
  const gammeId = Number(useParams().id);
  const ability = useAbility();
  const gammes = useGammes(null);
  const gamme = gammes.data?.find((g) => g.id === gammeId);
  const points = useGammePoints(gammeId);
  const move = useMovePoint(gammeId);
  const remove = useDeletePoint();
  const [editing, setEditing] = useState<{ open: boolean; point: GammePoint | null; insertIdx: number | null }>({
    open: false,
    point: null,
    insertIdx: null,
  });
  const [deleting, setDeleting] = useState<GammePoint | null>(null);
  const canEdit = ability.can('update', 'GammeModele') || gamme?.abilities?.update === true;
  const rows = points.data ? orderedPoints(points.data) : undefined;
  const title = gamme ? t('gamme.points.title', { libelle: gamme.libelle }) : t('gamme.points.titleLoading');

  const moveTo = (p: GammePoint, neighbour: GammePoint | undefined) => {
    if (neighbour) move.mutate({ id: p.id, idx: neighbour.idx }, { onError: notifyError });
  };

  return (
    <Stack gap={0}>
      <BackLink to="/app/gammes" label={t('gamme.backToList')} />
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, point: null, insertIdx: null })}>
              {t('gamme.points.add')}
            </Button>
          )
        }
      />
      <QueryState query={[points, gammes]}>
        <DataTable
          minWidth={860}
          striped
          verticalSpacing="xs"
          aria-label={t('gamme.points.tableLabel')}
          aria-busy={move.isPending}
          rows={rows}
          columns={7}
          empty={t('gamme.points.empty')}
          head={
            <>
              <Table.Th w={48}>{t('gamme.points.numero')}</Table.Th>
              <Table.Th>{t('gamme.points.nom')}</Table.Th>
              <Table.Th>{t('gamme.points.type')}</Table.Th>
              <Table.Th>{t('gamme.points.plage')}</Table.Th>
              <Table.Th>{t('gamme.points.equipement')}</Table.Th>
              <Table.Th>{t('gamme.points.obligatoire')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(p, i, all) => (
            <Table.Tr key={p.id}>
              <Table.Td>{i + 1}</Table.Td>
              <Table.Th scope="row" fw={500}>
                {p.nom}
                {p.workflowModelsToCreate.length > 0 && (
                  <Text size="xs" c="dimmed">
                    {t('gamme.points.workflowsCount', { count: p.workflowModelsToCreate.length })}
                  </Text>
                )}
              </Table.Th>
              <Table.Td>{t(`gamme.types.${p.dataType}`)}</Table.Td>
              <Table.Td>{p.dataType === 'number' ? rangeText(p, t('gamme.alerte')) : ''}</Table.Td>
              <Table.Td>
                {p.equipementName ?? (
                  <Text size="sm" c="dimmed">
                    {t('gamme.points.sansEquipement')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{p.obligatoire ? <Badge variant="light">{t('gamme.points.oui')}</Badge> : t('gamme.points.non')}</Table.Td>
              <Table.Td>
                {canEdit && (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('gamme.monter')} ${p.nom}`}
                      disabled={i === 0 || move.isPending}
                      onClick={() => moveTo(p, all[i - 1])}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('gamme.descendre')} ${p.nom}`}
                      disabled={i === all.length - 1 || move.isPending}
                      onClick={() => moveTo(p, all[i + 1])}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                    <RowAction
                      label={`${t('gamme.points.insertBefore')} ${p.nom}`}
                      tooltip={t('gamme.points.insertBefore')}
                      onClick={() => setEditing({ open: true, point: null, insertIdx: p.idx })}
                    >
                      <IconRowInsertTop size={18} />
                    </RowAction>
                    <RowAction
                      label={`${t('common.edit')} ${p.nom}`}
                      tooltip={t('common.edit')}
                      onClick={() => setEditing({ open: true, point: p, insertIdx: null })}
                    >
                      <IconPencil size={18} />
                    </RowAction>
                    <DeleteRowAction
                      name={p.nom}
                      onClick={() => {
                        remove.reset();
                        setDeleting(p);
                      }}
                    />
                  </Group>
                )}
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      <PointFormModal
        opened={editing.open}
        gammeId={gammeId}
        point={editing.point}
        insertIdx={editing.insertIdx}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <DeleteConfirmModal
        target={deleting}
        title={t('gamme.points.confirmDelete.title')}
        message={t('gamme.points.confirmDelete.text', { nom: deleting?.nom ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(p) => remove.mutate(p.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

import type { EquipementRisque } from '@app/contracts';
import { Badge, Button, Group, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError, notifyError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction } from '../../../ui/row-action.tsx';
import {
  useAddEquipementRisque,
  useEquipementRisques,
  useRemoveEquipementRisque,
  useRisqueEchelle,
  useRisques,
} from '../risque.queries.ts';
import { CriticiteBadge } from './criticite-badge.tsx';

/**
 * The risks tab of an equipment's detail: its own risks and those inherited from its ancestors (down to a node that
 * hides its parent's), each saying where it comes from; add a risk of the catalogue, remove an own one.
 */
export function EquipementRisquesTab({ equipementId, canUpdate = true }: { equipementId: number; canUpdate?: boolean }) {
  const { t } = useTranslation();
  const list = useEquipementRisques(equipementId);
  const catalogue = useRisques();
  const echelle = useRisqueEchelle();
  const add = useAddEquipementRisque(equipementId);
  const remove = useRemoveEquipementRisque();
  const [risqueId, setRisqueId] = useState<string | null>(null);
  const [commentaire, setCommentaire] = useState('');
  const [removing, setRemoving] = useState<EquipementRisque | null>(null);
  const maxG = echelle.data?.gravite.length ?? 4;
  const maxF = echelle.data?.frequence.length ?? 4;
  const own = new Set((list.data ?? []).filter((r) => !r.herite).map((r) => r.risque.id));

  return (
    <Stack gap="md">
      {canUpdate && (
        <Group align="flex-end" wrap="wrap">
          <Select
            label={t('risque.tab.choose')}
            searchable
            clearable
            miw={240}
            data={(catalogue.data ?? []).filter((r) => !own.has(r.id)).map((r) => ({ value: String(r.id), label: r.libelle }))}
            value={risqueId}
            onChange={setRisqueId}
          />
          <TextInput
            label={t('risque.tab.commentaire')}
            maxLength={4000}
            value={commentaire}
            onChange={(e) => setCommentaire(e.currentTarget.value)}
          />
          <Button
            leftSection={<IconPlus size={16} />}
            disabled={!risqueId}
            loading={add.isPending}
            onClick={() =>
              risqueId &&
              add.mutate(
                { risqueId: Number(risqueId), commentaire: commentaire.trim() || null },
                {
                  onSuccess: () => {
                    setRisqueId(null);
                    setCommentaire('');
                  },
                  onError: notifyError,
                },
              )
            }
          >
            {t('risque.tab.add')}
          </Button>
        </Group>
      )}
      <QueryState query={list}>
        {list.isPending ? (
          <Skeleton height={120} aria-label={t('common.loading')} />
        ) : (
          <DataTable
            minWidth={560}
            striped
            verticalSpacing="xs"
            aria-label={t('risque.tab.title')}
            rows={list.data}
            columns={4}
            empty={t('risque.tab.empty')}
            head={
              <>
                <Table.Th>{t('risque.fields.libelle')}</Table.Th>
                <Table.Th>{t('risque.fields.criticite')}</Table.Th>
                <Table.Th>{t('risque.fields.famille')}</Table.Th>
                <Table.Th ta="right">{t('common.actions')}</Table.Th>
              </>
            }
          >
            {(r) => (
              <Table.Tr key={r.id}>
                <Table.Th scope="row" fw={500}>
                  <Group gap="xs">
                    {r.risque.libelle}
                    <Badge variant="light" color={r.herite ? 'gray' : 'blue'}>
                      {r.herite ? t('risque.tab.inherited', { name: r.source.name }) : t('risque.tab.own')}
                    </Badge>
                  </Group>
                  {r.commentaire && (
                    <Text size="sm" c="dimmed">
                      {r.commentaire}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>
                  <CriticiteBadge g={r.risque.gravite} f={r.risque.frequence} maxG={maxG} maxF={maxF} />
                </Table.Td>
                <Table.Td>{r.famille ?? '—'}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    {canUpdate && !r.herite && (
                      <DeleteRowAction
                        name={r.risque.libelle}
                        onClick={() => {
                          remove.reset();
                          setRemoving(r);
                        }}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
          </DataTable>
        )}
      </QueryState>
      <ConfirmModal
        opened={removing !== null}
        title={t('risque.tab.confirmRemove.title')}
        message={t('risque.tab.confirmRemove.text', { libelle: removing?.risque.libelle ?? '' })}
        error={remove.isError ? messageOfError(remove.error) : null}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
      />
    </Stack>
  );
}

import type { Risque, RisqueFamille } from '@app/contracts';
import { ActionIcon, Button, ColorSwatch, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconCopy, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { CriticiteBadge } from '../components/criticite-badge.tsx';
import { RisqueFormModal } from '../components/risque-form-modal.tsx';
import {
  useArrangeRisques,
  useDeleteRisque,
  useDuplicateRisque,
  useRisqueEchelle,
  useRisqueFamilles,
  useRisques,
} from '../risque.queries.ts';

interface FamilleGroup {
  key: string;
  famille: RisqueFamille | null;
  risques: Risque[];
}

/** /app/risques: the risk catalogue grouped by family (INRS ED 840), ordered, duplicated, edited. */
export function RisquesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const risques = useRisques();
  const familles = useRisqueFamilles();
  const echelle = useRisqueEchelle();
  const arrange = useArrangeRisques();
  const duplicate = useDuplicateRisque();
  const remove = useDeleteRisque();
  const [filter, setFilter] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ open: boolean; r: Risque | null }>({ open: false, r: null });
  const [deleting, setDeleting] = useState<Risque | null>(null);
  const canCreate = ability.can('create', 'Risque');
  const canUpdate = ability.can('update', 'Risque');
  const canDelete = ability.can('delete', 'Risque');
  const maxG = echelle.data?.gravite.length ?? 4;
  const maxF = echelle.data?.frequence.length ?? 4;

  const groups: FamilleGroup[] = [
    ...(familles.data ?? []).map((f) => ({
      key: String(f.id),
      famille: f,
      risques: (risques.data ?? []).filter((r) => r.familleId === f.id),
    })),
    { key: 'none', famille: null, risques: (risques.data ?? []).filter((r) => r.familleId === null) },
  ].filter((g) => (filter ? g.key === filter : g.risques.length > 0));

  const move = (g: FamilleGroup, index: number, dir: -1 | 1) => {
    const ids = g.risques.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + dir, 0, id);
    arrange.mutate(ids, { onError: notifyError });
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('risque.title')}
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, r: null })}>
              {t('risque.new')}
            </Button>
          )
        }
      />
      <Select
        label={t('risque.fields.famille')}
        placeholder={t('risque.fields.famille')}
        clearable
        searchable
        maw={360}
        mb="md"
        data={(familles.data ?? []).map((f) => ({ value: String(f.id), label: `${f.libelle} (${f.nbRisques})` }))}
        value={filter}
        onChange={setFilter}
      />
      <QueryState query={[risques, familles]}>
        {risques.isPending || familles.isPending ? (
          <Skeleton height={200} aria-label={t('common.loading')} />
        ) : groups.length === 0 || (!filter && (risques.data ?? []).length === 0) ? (
          <Text c="dimmed">{filter ? t('risque.emptyFamille') : t('risque.empty')}</Text>
        ) : (
          <Stack gap="lg">
            {groups.map((g) => (
              <section key={g.key} aria-labelledby={`famille-${g.key}`}>
                <Group gap="xs" mb="xs">
                  {g.famille?.couleur && <ColorSwatch color={g.famille.couleur} size={14} aria-hidden />}
                  <Title order={2} size="h4" id={`famille-${g.key}`}>
                    {g.famille?.libelle ?? t('risque.sansFamille')}
                  </Title>
                </Group>
                <DataTable
                  minWidth={640}
                  striped
                  verticalSpacing="xs"
                  aria-labelledby={`famille-${g.key}`}
                  aria-busy={arrange.isPending}
                  rows={g.risques}
                  columns={5}
                  empty={t('risque.emptyFamille')}
                  head={
                    <>
                      <Table.Th>{t('risque.fields.libelle')}</Table.Th>
                      <Table.Th>{t('risque.fields.gravite')}</Table.Th>
                      <Table.Th>{t('risque.fields.frequence')}</Table.Th>
                      <Table.Th>{t('risque.fields.criticite')}</Table.Th>
                      <Table.Th ta="right">{t('common.actions')}</Table.Th>
                    </>
                  }
                >
                  {(r, i, all) => (
                    <Table.Tr key={r.id}>
                      <Table.Th scope="row" fw={500}>
                        {r.libelle}
                        {r.mesures && (
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {r.mesures}
                          </Text>
                        )}
                      </Table.Th>
                      <Table.Td>{r.gravite ?? '—'}</Table.Td>
                      <Table.Td>{r.frequence ?? '—'}</Table.Td>
                      <Table.Td>
                        <CriticiteBadge g={r.gravite} f={r.frequence} maxG={maxG} maxF={maxF} />
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          {canUpdate && (
                            <>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`${t('menuEditor.up')} ${r.libelle}`}
                                disabled={i === 0 || arrange.isPending}
                                onClick={() => move(g, i, -1)}
                              >
                                <IconArrowUp size={16} />
                              </ActionIcon>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`${t('menuEditor.down')} ${r.libelle}`}
                                disabled={i === all.length - 1 || arrange.isPending}
                                onClick={() => move(g, i, 1)}
                              >
                                <IconArrowDown size={16} />
                              </ActionIcon>
                            </>
                          )}
                          {canCreate && (
                            <RowAction
                              label={t('risque.duplicate', { libelle: r.libelle })}
                              tooltip={t('risque.duplicateShort')}
                              loading={duplicate.isPending && duplicate.variables === r.id}
                              onClick={() => duplicate.mutate(r.id, { onError: notifyError })}
                            >
                              <IconCopy size={18} />
                            </RowAction>
                          )}
                          {canUpdate && (
                            <RowAction
                              label={`${t('common.edit')} ${r.libelle}`}
                              tooltip={t('common.edit')}
                              onClick={() => setEditing({ open: true, r })}
                            >
                              <IconPencil size={18} />
                            </RowAction>
                          )}
                          {canDelete && (
                            <DeleteRowAction
                              name={r.libelle}
                              onClick={() => {
                                remove.reset();
                                setDeleting(r);
                              }}
                            />
                          )}
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  )}
                </DataTable>
              </section>
            ))}
          </Stack>
        )}
      </QueryState>
      <RisqueFormModal opened={editing.open} risque={editing.r} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
      <DeleteConfirmModal
        target={deleting}
        title={t('risque.confirmDelete.title')}
        message={t('risque.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => remove.mutate(d.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

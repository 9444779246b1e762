import type { MmManoeuvre } from '@app/contracts';
import { Badge, Button, ColorSwatch, Grid, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { BackLink } from '../../../ui/back-link.tsx';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { EtatsManoeuvrePanel } from '../components/etats-manoeuvre-panel.tsx';
import { ManoeuvreLineModal } from '../components/manoeuvre-line-modal.tsx';
import { useDeleteManoeuvre, useEtatsManoeuvre, useGammes, useManoeuvrePage } from '../gamme.queries.ts';

const PER_PAGE = 20;

/** /app/manoeuvres/:id: the numbered lines of a gamme's manoeuvre sheet, by page, and the states they may expect. */
export function ManoeuvreSheetPage() {
  const { t } = useTranslation();
  const gammeId = Number(useParams().id);
  const ability = useAbility();
  const gammes = useGammes(null);
  const gamme = gammes.data?.find((g) => g.id === gammeId);
  const [page, setPage] = useState(1);
  const lines = useManoeuvrePage(gammeId, page, PER_PAGE);
  const etats = useEtatsManoeuvre(gammeId);
  const remove = useDeleteManoeuvre();
  const [editing, setEditing] = useState<{ open: boolean; line: MmManoeuvre | null }>({ open: false, line: null });
  const [deleting, setDeleting] = useState<MmManoeuvre | null>(null);
  const canEdit = ability.can('update', 'GammeModele') || gamme?.abilities?.update === true;
  const maxNumero = lines.data?.maxNumero ?? 0;
  const totalPage = lines.data?.totalPage ?? 1;
  const title = gamme ? t('gamme.manoeuvre.title', { libelle: gamme.libelle }) : t('gamme.manoeuvre.titleLoading');

  return (
    <Stack gap={0}>
      <BackLink to="/app/manoeuvres" label={t('gamme.manoeuvre.backToList')} />
      <PageHeader
        title={title}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} disabled={!lines.data} onClick={() => setEditing({ open: true, line: null })}>
              {t('gamme.manoeuvre.add')}
            </Button>
          )
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <QueryState query={[lines, gammes]}>
            <DataTable
              minWidth={720}
              striped
              verticalSpacing="xs"
              aria-label={t('gamme.manoeuvre.tableLabel')}
              rows={lines.data?.items}
              columns={6}
              empty={t('gamme.manoeuvre.empty')}
              head={
                <>
                  <Table.Th w={56}>{t('gamme.manoeuvre.numero')}</Table.Th>
                  <Table.Th>{t('gamme.manoeuvre.poste')}</Table.Th>
                  <Table.Th>{t('gamme.manoeuvre.appareil')}</Table.Th>
                  <Table.Th>{t('gamme.manoeuvre.operation')}</Table.Th>
                  <Table.Th>{t('gamme.manoeuvre.etat')}</Table.Th>
                  <Table.Th ta="right">{t('common.actions')}</Table.Th>
                </>
              }
            >
              {(l) => {
                const name = t('gamme.manoeuvre.ligne', { numero: l.numero });
                return (
                  <Table.Tr key={l.id}>
                    <Table.Th scope="row" fw={700}>
                      {l.numero}
                    </Table.Th>
                    <Table.Td>{l.poste ?? ''}</Table.Td>
                    <Table.Td>{[l.appareil, l.equipementName].filter(Boolean).join(' — ')}</Table.Td>
                    <Table.Td>
                      {l.operation ?? ''}
                      {l.observations && (
                        <Text size="xs" c="dimmed">
                          {l.observations}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {l.etatLibelle && (
                        <Badge
                          variant="outline"
                          color="gray"
                          leftSection={l.etatCouleur ? <ColorSwatch color={l.etatCouleur} size={10} aria-hidden /> : null}
                        >
                          {l.etatLibelle}
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {canEdit && (
                        <Group gap={4} justify="flex-end" wrap="nowrap">
                          <RowAction
                            label={`${t('common.edit')} ${name}`}
                            tooltip={t('common.edit')}
                            onClick={() => setEditing({ open: true, line: l })}
                          >
                            <IconPencil size={18} />
                          </RowAction>
                          <DeleteRowAction
                            name={name}
                            onClick={() => {
                              remove.reset();
                              setDeleting(l);
                            }}
                          />
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              }}
            </DataTable>
            {totalPage > 1 && (
              <Group justify="flex-end" mt="md">
                <Pagination
                  total={totalPage}
                  value={page}
                  onChange={setPage}
                  getControlProps={(control) => ({
                    'aria-label': control === 'next' ? t('common.nextPage') : control === 'previous' ? t('common.previousPage') : undefined,
                  })}
                />
              </Group>
            )}
          </QueryState>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <QueryState query={etats}>
            <EtatsManoeuvrePanel etats={etats.data} canEdit={canEdit} />
          </QueryState>
        </Grid.Col>
      </Grid>
      <ManoeuvreLineModal
        opened={editing.open}
        gammeId={gammeId}
        line={editing.line}
        nextNumero={maxNumero + 1}
        maxNumero={maxNumero}
        etats={etats.data ?? []}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
        onSaved={(l) => setPage(Math.max(1, Math.ceil(l.numero / PER_PAGE)))}
      />
      <DeleteConfirmModal
        target={deleting}
        title={t('gamme.manoeuvre.confirmDelete.title')}
        message={t('gamme.manoeuvre.confirmDelete.text', { numero: deleting?.numero ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(l) => remove.mutate(l.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

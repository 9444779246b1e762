import type { Qcm } from '@app/contracts';
import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconAdjustments, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility } from '../../auth/index.ts';
import { QcmFormModal } from '../components/qcm-form-modal.tsx';
import { useDeleteQcm, useQcmAll } from '../qcm.queries.ts';

/** /app/qcm: the company's quizzes (libellé, symbols assessed, number of questions, active), the way to their questions. */
export function QcmsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const all = useQcmAll();
  const remove = useDeleteQcm();
  const [editing, setEditing] = useState<{ open: boolean; q: Qcm | null }>({ open: false, q: null });
  const [deleting, setDeleting] = useState<Qcm | null>(null);
  const canCreate = ability.can('create', 'Qcm');
  const canUpdate = ability.can('update', 'Qcm');
  const canDelete = ability.can('delete', 'Qcm');
  const qcms = [...(all.data?.qcms ?? [])].sort((a, b) => Number(b.actif) - Number(a.actif) || a.libelle.localeCompare(b.libelle, 'fr'));
  const canSettings = ability.can('update', 'Qcm');

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('qcm.title')}
        actions={
          <>
            {canSettings && (
              <Button component={Link} to="/app/parametres-evaluations" variant="default" leftSection={<IconAdjustments size={16} />}>
                {t('qcm.settingsLink')}
              </Button>
            )}
            {canCreate && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, q: null })}>
                {t('qcm.new')}
              </Button>
            )}
          </>
        }
      />
      <QueryState query={all}>
        <DataTable
          minWidth={640}
          striped
          aria-label={t('qcm.title')}
          rows={all.isPending ? undefined : qcms}
          columns={5}
          empty={t('qcm.empty')}
          head={
            <>
              <Table.Th>{t('qcm.fields.libelle')}</Table.Th>
              <Table.Th>{t('qcm.fields.symboles')}</Table.Th>
              <Table.Th ta="right">{t('qcm.fields.nbQuestions')}</Table.Th>
              <Table.Th>{t('qcm.fields.actif')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(q) => (
            <Table.Tr key={q.id}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/app/qcm/${q.id}`}>
                  {q.libelle}
                </Anchor>
              </Table.Th>
              <Table.Td>
                <Group gap={4}>
                  {q.symboles.length === 0
                    ? '—'
                    : q.symboles.map((s) => (
                        <Badge key={s} variant="light">
                          {s}
                        </Badge>
                      ))}
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                {q.nbQuestions}
                {q.nbEliminatoires > 0 && (
                  <Text span size="sm" c="dimmed">
                    {' '}
                    ({q.nbEliminatoires} {t('qcm.fields.eliminatoire').toLocaleLowerCase('fr')})
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={q.actif ? 'teal' : 'gray'} variant={q.actif ? 'light' : 'outline'}>
                  {t(q.actif ? 'qcm.actifState.true' : 'qcm.actifState.false')}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  {canUpdate && (
                    <RowAction
                      label={`${t('common.edit')} ${q.libelle}`}
                      tooltip={t('common.edit')}
                      onClick={() => setEditing({ open: true, q })}
                    >
                      <IconPencil size={18} />
                    </RowAction>
                  )}
                  {canDelete && (
                    <DeleteRowAction
                      name={q.libelle}
                      onClick={() => {
                        remove.reset();
                        setDeleting(q);
                      }}
                    />
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      <QcmFormModal opened={editing.open} qcm={editing.q} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
      <DeleteConfirmModal
        target={deleting}
        title={t('qcm.confirmDelete.title')}
        message={t('qcm.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => remove.mutate(d.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

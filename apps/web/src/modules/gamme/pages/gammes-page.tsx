import type { Gamme } from '@app/contracts';
import { Anchor, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconListNumbers, IconPencil, IconPlus, IconRoute } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { codeLabel } from '../../../lib/labels.ts';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { GammeFormModal } from '../components/gamme-form-modal.tsx';
import { useDeleteGamme, useGammes } from '../gamme.queries.ts';

const ALL = 'all';

/** /app/gammes: the company's gammes of one software flavour (logiciel_id), or of all; create, edit, delete. */
export function GammesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const session = useCurrentSession();
  const navigate = useNavigate();
  const [logiciel, setLogiciel] = useState<string>(ALL);
  const logicielId = logiciel === ALL ? null : Number(logiciel);
  const list = useGammes(logicielId);
  const remove = useDeleteGamme();
  const [editing, setEditing] = useState<{ open: boolean; gamme: Gamme | null }>({ open: false, gamme: null });
  const [deleting, setDeleting] = useState<Gamme | null>(null);
  const canCreate = ability.can('create', 'GammeModele');
  const canUpdate = ability.can('update', 'GammeModele');
  const canDelete = ability.can('delete', 'GammeModele');
  const logicielLabel = (id: number) => {
    const l = session.logiciels.find((x) => x.id === id);
    return l ? codeLabel(t, 'logiciel', l.code, l.libelle) : t('gamme.logicielInconnu', { id });
  };
  const rows = list.data ? [...list.data].sort((a, b) => a.libelle.localeCompare(b.libelle, 'fr')) : undefined;

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('gamme.title')}
        actions={
          canCreate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, gamme: null })}>
              {t('gamme.new')}
            </Button>
          )
        }
      />
      <Select
        label={t('gamme.fields.logiciel')}
        data={[
          { value: ALL, label: t('gamme.tousLogiciels') },
          ...session.logiciels.map((l) => ({ value: String(l.id), label: codeLabel(t, 'logiciel', l.code, l.libelle) })),
        ]}
        value={logiciel}
        onChange={(v) => setLogiciel(v ?? ALL)}
        allowDeselect={false}
        maw={320}
        mb="md"
      />
      <QueryState query={list}>
        <DataTable
          minWidth={720}
          striped
          verticalSpacing="xs"
          aria-label={t('gamme.title')}
          rows={rows}
          columns={6}
          empty={t('gamme.empty')}
          head={
            <>
              <Table.Th>{t('gamme.fields.libelle')}</Table.Th>
              <Table.Th>{t('gamme.fields.client')}</Table.Th>
              <Table.Th>{t('gamme.fields.duree')}</Table.Th>
              <Table.Th>{t('gamme.fields.logiciel')}</Table.Th>
              <Table.Th>{t('gamme.fields.contenu')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </>
          }
        >
          {(g) => (
            <Table.Tr key={g.id}>
              <Table.Th scope="row" fw={500}>
                <Anchor component={Link} to={`/app/gammes/${g.id}`}>
                  {g.libelle}
                </Anchor>
              </Table.Th>
              <Table.Td>{g.client ?? ''}</Table.Td>
              <Table.Td>{g.duree === null ? '' : t('gamme.minutes', { count: g.duree })}</Table.Td>
              <Table.Td>{logicielLabel(g.logicielId)}</Table.Td>
              <Table.Td>
                <Text size="sm">
                  {t('gamme.nbPoints', { count: g.nbPoints })} · {t('gamme.nbLignes', { count: g.nbLignes })}
                </Text>
              </Table.Td>
              <Table.Td>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <RowAction
                    label={`${t('gamme.points.open')} ${g.libelle}`}
                    tooltip={t('gamme.points.open')}
                    onClick={() => navigate(`/app/gammes/${g.id}`)}
                  >
                    <IconRoute size={18} />
                  </RowAction>
                  <RowAction
                    label={`${t('gamme.manoeuvre.open')} ${g.libelle}`}
                    tooltip={t('gamme.manoeuvre.open')}
                    onClick={() => navigate(`/app/manoeuvres/${g.id}`)}
                  >
                    <IconListNumbers size={18} />
                  </RowAction>
                  {(canUpdate || g.abilities?.update) && (
                    <RowAction
                      label={`${t('common.edit')} ${g.libelle}`}
                      tooltip={t('common.edit')}
                      onClick={() => setEditing({ open: true, gamme: g })}
                    >
                      <IconPencil size={18} />
                    </RowAction>
                  )}
                  {(canDelete || g.abilities?.delete) && (
                    <DeleteRowAction
                      name={g.libelle}
                      onClick={() => {
                        remove.reset();
                        setDeleting(g);
                      }}
                    />
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          )}
        </DataTable>
      </QueryState>
      <GammeFormModal
        opened={editing.open}
        gamme={editing.gamme}
        logicielId={logicielId}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <DeleteConfirmModal
        target={deleting}
        title={t('gamme.confirmDelete.title')}
        message={t('gamme.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(g) => remove.mutate(g.id, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

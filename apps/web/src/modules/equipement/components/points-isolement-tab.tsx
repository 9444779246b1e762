import { ENERGIES, type Equipement, type PointIsolement } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Button, Group, Select, Stack, Table, TextInput } from '@mantine/core';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/data-table.tsx';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useEquipementMutation } from '../equipement.queries.ts';

type Draft = Record<'repere' | 'energie' | 'dispositif' | 'positionRequise' | 'moyenCondamnation' | 'methodeVerification', string>;
const EMPTY: Draft = {
  repere: '',
  energie: 'electrique',
  dispositif: '',
  positionRequise: '',
  moyenCondamnation: '',
  methodeVerification: '',
};

/** « Points d'isolement »: what a lockout of this equipment separates, locks and verifies (domain.md §1.8). */
export function PointsIsolementTab({ equipement }: { equipement: Equipement }) {
  const { t } = useTranslation();
  const editable = equipement.abilities.update;
  // undefined: closed; null: a new point.
  const [editing, setEditing] = useState<PointIsolement | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PointIsolement | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const create = useEquipementMutation(API.equipement.createPointIsolement, { silentError: true });
  const update = useEquipementMutation(API.equipement.updatePointIsolement, { silentError: true });
  const remove = useEquipementMutation(API.equipement.deletePointIsolement, { silentError: true });
  const saving = editing === null ? create : update;

  useEffect(() => {
    if (editing === undefined) return;
    setDraft(
      editing
        ? {
            repere: editing.repere,
            energie: editing.energie,
            dispositif: editing.dispositif,
            positionRequise: editing.positionRequise,
            moyenCondamnation: editing.moyenCondamnation ?? '',
            methodeVerification: editing.methodeVerification ?? '',
          }
        : EMPTY,
    );
  }, [editing]);

  const close = () => {
    create.reset();
    update.reset();
    setEditing(undefined);
  };
  const body = () => ({
    repere: draft.repere.trim(),
    energie: draft.energie as PointIsolement['energie'],
    dispositif: draft.dispositif.trim(),
    positionRequise: draft.positionRequise.trim(),
    moyenCondamnation: draft.moyenCondamnation.trim() || null,
    methodeVerification: draft.methodeVerification.trim() || null,
  });
  const field = (k: keyof Draft, required = false) => (
    <TextInput
      label={t(`equipement.points.${k}`)}
      required={required}
      maxLength={255}
      value={draft[k]}
      onChange={(e) => {
        const v = e.currentTarget.value;
        setDraft((d) => ({ ...d, [k]: v }));
      }}
    />
  );

  return (
    <Stack>
      {editable && (
        <Group justify="flex-end">
          <Button leftSection={<IconPlus size={16} />} variant="light" onClick={() => setEditing(null)}>
            {t('equipement.points.add')}
          </Button>
        </Group>
      )}
      <DataTable
        minWidth={760}
        verticalSpacing="xs"
        aria-label={t('equipement.tabs.points')}
        rows={equipement.pointsIsolement}
        columns={7}
        empty={t('equipement.points.empty')}
        head={
          <>
            <Table.Th>{t('equipement.points.repere')}</Table.Th>
            <Table.Th>{t('equipement.points.energie')}</Table.Th>
            <Table.Th>{t('equipement.points.dispositif')}</Table.Th>
            <Table.Th>{t('equipement.points.positionRequise')}</Table.Th>
            <Table.Th>{t('equipement.points.moyenCondamnation')}</Table.Th>
            <Table.Th>{t('equipement.points.methodeVerification')}</Table.Th>
            <Table.Th ta="right">{t('common.actions')}</Table.Th>
          </>
        }
      >
        {(p) => (
          <Table.Tr key={p.id}>
            <Table.Th scope="row">{p.repere}</Table.Th>
            <Table.Td>{t(`equipement.energie.${p.energie}`)}</Table.Td>
            <Table.Td>{p.dispositif}</Table.Td>
            <Table.Td>{p.positionRequise}</Table.Td>
            <Table.Td>{p.moyenCondamnation ?? '—'}</Table.Td>
            <Table.Td>{p.methodeVerification ?? '—'}</Table.Td>
            <Table.Td>
              {editable && (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <RowAction label={`${t('common.edit')} ${p.repere}`} tooltip={t('common.edit')} onClick={() => setEditing(p)}>
                    <IconPencil size={18} />
                  </RowAction>
                  <DeleteRowAction
                    name={p.repere}
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
      <FormModal
        opened={editing !== undefined}
        onClose={close}
        title={editing ? t('equipement.points.edit', { repere: editing.repere }) : t('equipement.points.add')}
        error={saving.isError ? saving.error : null}
        submitting={saving.isPending}
        onSubmit={() => {
          if (editing) update.mutate({ body: { id: editing.id, ...body() } }, { onSuccess: close });
          else create.mutate({ params: { id: equipement.id }, body: body() }, { onSuccess: close });
        }}
      >
        {field('repere', true)}
        <Select
          label={t('equipement.points.energie')}
          required
          allowDeselect={false}
          data={ENERGIES.map((e) => ({ value: e, label: t(`equipement.energie.${e}`) }))}
          value={draft.energie}
          onChange={(v) => setDraft((d) => ({ ...d, energie: v ?? 'electrique' }))}
        />
        {field('dispositif', true)}
        {field('positionRequise', true)}
        {field('moyenCondamnation')}
        {field('methodeVerification')}
      </FormModal>
      <DeleteConfirmModal
        target={deleting}
        title={t('equipement.points.confirmDelete')}
        message={t('equipement.points.confirmDeleteText', { repere: deleting?.repere ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(d) => remove.mutate({ params: { id: d.id } }, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

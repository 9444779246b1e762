import type { EtatManoeuvre } from '@app/contracts';
import {
  ActionIcon,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPencil, IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../lib/notify.ts';
import { DeleteConfirmModal } from '../../../ui/delete-confirm-modal.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { DeleteRowAction, RowAction } from '../../../ui/row-action.tsx';
import { useArrangeEtats, useRemoveEtat, useSaveEtat } from '../gamme.queries.ts';
import { moveIds } from '../gamme.util.ts';

const SWATCHES = ['#2f9e44', '#e03131', '#1971c2', '#f08c00', '#6741d9', '#343a40', '#0c8599'];

function EtatFormModal({ etat, opened, onClose }: { etat: EtatManoeuvre | null; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveEtat();
  const form = useForm({
    initialValues: { libelle: '', couleur: '' },
    validate: { libelle: (v: string) => (v.trim() ? null : t('gamme.etats.libelleRequired')) },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another state is opened
  useEffect(() => {
    if (!opened) return;
    form.setValues({ libelle: etat?.libelle ?? '', couleur: etat?.couleur ?? '' });
    form.clearErrors();
    save.reset();
  }, [opened, etat?.id]);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={etat ? t('gamme.etats.editTitle', { libelle: etat.libelle }) : t('gamme.etats.createTitle')}
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate({ id: etat?.id, gammeId: null, libelle: v.libelle.trim(), couleur: v.couleur || null }, { onSuccess: onClose }),
      )}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('gamme.etats.libelle')} required data-autofocus maxLength={120} {...form.getInputProps('libelle')} />
      <ColorInput
        label={t('gamme.etats.couleur')}
        format="hex"
        swatches={SWATCHES}
        eyeDropperButtonProps={{ 'aria-label': t('service.fields.couleurPipette') }}
        {...form.getInputProps('couleur')}
      />
      <Text size="xs" c="dimmed">
        {t('gamme.etats.partages')}
      </Text>
    </FormModal>
  );
}

/**
 * The states a sheet's lines may expect (Ouvert, Fermé…), in order: add, rename, recolour, remove, and arrange with the
 * up and down buttons or, from a row's handle, the arrow keys (no drag library in the app).
 */
export function EtatsManoeuvrePanel({ etats, canEdit }: { etats: EtatManoeuvre[] | undefined; canEdit: boolean }) {
  const { t } = useTranslation();
  const arrange = useArrangeEtats();
  const remove = useRemoveEtat();
  const [editing, setEditing] = useState<{ open: boolean; etat: EtatManoeuvre | null }>({ open: false, etat: null });
  const [deleting, setDeleting] = useState<EtatManoeuvre | null>(null);
  const [announce, setAnnounce] = useState('');
  const handles = useRef(new Map<number, HTMLButtonElement | null>());
  const rows = etats ? [...etats].sort((a, b) => a.idx - b.idx || a.id - b.id) : undefined;

  const move = (index: number, to: number) => {
    if (!rows || to < 0 || to >= rows.length || arrange.isPending) return;
    const e = rows[index];
    arrange.mutate(
      moveIds(
        rows.map((r) => r.id),
        index,
        to,
      ),
      {
        onError: notifyError,
        onSuccess: () => {
          setAnnounce(t('gamme.etats.moved', { libelle: e.libelle, position: to + 1, total: rows.length }));
          requestAnimationFrame(() => handles.current.get(e.id)?.focus());
        },
      },
    );
  };
  const onHandleKey = (index: number) => (ev: KeyboardEvent<HTMLButtonElement>) => {
    if (ev.key === 'ArrowUp') {
      ev.preventDefault();
      move(index, index - 1);
    } else if (ev.key === 'ArrowDown') {
      ev.preventDefault();
      move(index, index + 1);
    }
  };

  return (
    <Paper withBorder p="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {t('gamme.etats.title')}
        </Title>
        {canEdit && (
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setEditing({ open: true, etat: null })}>
            {t('gamme.etats.add')}
          </Button>
        )}
      </Group>
      <VisuallyHidden aria-live="polite">{announce}</VisuallyHidden>
      {!rows ? (
        <Stack gap="xs">
          <Skeleton h={28} />
          <Skeleton h={28} />
        </Stack>
      ) : rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('gamme.etats.empty')}
        </Text>
      ) : (
        <Stack
          component="ol"
          gap={4}
          p={0}
          m={0}
          aria-label={t('gamme.etats.title')}
          aria-busy={arrange.isPending}
          style={{ listStyle: 'none' }}
        >
          {rows.map((e, i) => (
            <Group component="li" key={e.id} justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                {canEdit && (
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    ref={(el) => {
                      handles.current.set(e.id, el);
                    }}
                    aria-label={t('gamme.etats.handle', { libelle: e.libelle })}
                    aria-keyshortcuts="ArrowUp ArrowDown"
                    onKeyDown={onHandleKey(i)}
                  >
                    <IconGripVertical size={16} />
                  </ActionIcon>
                )}
                <ColorSwatch color={e.couleur ?? '#868e96'} size={14} aria-hidden />
                <Text size="sm">{e.libelle}</Text>
              </Group>
              {canEdit && (
                <Group gap={2} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('gamme.monter')} ${e.libelle}`}
                    disabled={i === 0 || arrange.isPending}
                    onClick={() => move(i, i - 1)}
                  >
                    <IconArrowUp size={16} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`${t('gamme.descendre')} ${e.libelle}`}
                    disabled={i === rows.length - 1 || arrange.isPending}
                    onClick={() => move(i, i + 1)}
                  >
                    <IconArrowDown size={16} />
                  </ActionIcon>
                  <RowAction
                    label={`${t('common.edit')} ${e.libelle}`}
                    tooltip={t('common.edit')}
                    onClick={() => setEditing({ open: true, etat: e })}
                  >
                    <IconPencil size={16} />
                  </RowAction>
                  <DeleteRowAction
                    name={e.libelle}
                    onClick={() => {
                      remove.reset();
                      setDeleting(e);
                    }}
                  />
                </Group>
              )}
            </Group>
          ))}
        </Stack>
      )}
      <EtatFormModal etat={editing.etat} opened={editing.open} onClose={() => setEditing((s) => ({ ...s, open: false }))} />
      <DeleteConfirmModal
        target={deleting}
        title={t('gamme.etats.confirmDelete.title')}
        message={t('gamme.etats.confirmDelete.text', { libelle: deleting?.libelle ?? '' })}
        mutation={remove}
        onClose={() => setDeleting(null)}
        onConfirm={(e) => remove.mutate(e.id, { onSuccess: () => setDeleting(null) })}
      />
    </Paper>
  );
}

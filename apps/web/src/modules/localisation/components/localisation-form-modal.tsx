import { LOCALISATION_COULEURS, LOCALISATION_ICON_LABELS, LOCALISATION_ICONS, type Localisation, LocalisationCreate } from '@app/contracts';
import { ColorInput, Group, NumberInput, Select, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { type LocalisationCreateBody, useSaveLocalisation } from '../localisation.queries.ts';

const resolve = schemaResolver(LocalisationCreate, { sync: true });

interface Values {
  libelle: string;
  description: string;
  couleur: string;
  icon: string | null;
  parentId: string | null;
  latitude: number | string;
  longitude: number | string;
}

const num = (v: number | string) => (v === '' || v === null || Number.isNaN(Number(v)) ? null : Number(v));
const payloadOf = (v: Values): LocalisationCreateBody => ({
  libelle: v.libelle.trim(),
  description: v.description.trim() || null,
  couleur: v.couleur || null,
  icon: (v.icon as LocalisationCreateBody['icon']) ?? null,
  parentId: v.parentId ? Number(v.parentId) : null,
  latitude: num(v.latitude),
  longitude: num(v.longitude),
});

interface Props {
  opened: boolean;
  localisation: Localisation | null;
  all: Localisation[];
  onClose: () => void;
  onSaved?: (l: Localisation) => void;
}

/** Create a location, or edit one (name, colour, icon, parent, optional position). */
export function LocalisationFormModal({ opened, localisation, all, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveLocalisation();
  const form = useForm<Values>({
    initialValues: { libelle: '', description: '', couleur: '', icon: null, parentId: null, latitude: '', longitude: '' },
    validate: (values) => resolve(payloadOf(values)),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another location is opened
  useEffect(() => {
    if (opened) {
      form.setValues({
        libelle: localisation?.libelle ?? '',
        description: localisation?.description ?? '',
        couleur: localisation?.couleur ?? '',
        icon: localisation?.icon ?? null,
        parentId: localisation?.parentId ? String(localisation.parentId) : null,
        latitude: localisation?.latitude ?? '',
        longitude: localisation?.longitude ?? '',
      });
      form.clearErrors();
      save.reset();
    }
  }, [opened, localisation?.id]);

  const parents = all.filter((l) => l.id !== localisation?.id).map((l) => ({ value: String(l.id), label: l.libelle }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={localisation ? t('localisation.form.editTitle', { libelle: localisation.libelle }) : t('localisation.form.createTitle')}
      noValidate
      onSubmit={form.onSubmit((values) =>
        save.mutate(
          { id: localisation?.id, body: payloadOf(values) },
          {
            onSuccess: (l) => {
              onSaved?.(l);
              onClose();
            },
          },
        ),
      )}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('localisation.fields.libelle')} required data-autofocus maxLength={255} {...form.getInputProps('libelle')} />
      <Textarea label={t('localisation.fields.description')} autosize minRows={2} maxLength={4000} {...form.getInputProps('description')} />
      <Group grow align="flex-start">
        <ColorInput
          label={t('localisation.fields.couleur')}
          format="hex"
          swatches={[...LOCALISATION_COULEURS]}
          eyeDropperButtonProps={{ 'aria-label': t('localisation.fields.couleurPipette') }}
          {...form.getInputProps('couleur')}
        />
        <Select
          label={t('localisation.fields.icon')}
          clearable
          data={LOCALISATION_ICONS.map((i) => ({ value: i, label: LOCALISATION_ICON_LABELS[i] }))}
          {...form.getInputProps('icon')}
        />
      </Group>
      <Select label={t('localisation.fields.parent')} clearable searchable data={parents} {...form.getInputProps('parentId')} />
      <Group grow align="flex-start">
        <NumberInput label={t('localisation.fields.latitude')} min={-90} max={90} decimalScale={6} {...form.getInputProps('latitude')} />
        <NumberInput
          label={t('localisation.fields.longitude')}
          min={-180}
          max={180}
          decimalScale={6}
          {...form.getInputProps('longitude')}
        />
      </Group>
      <Text size="sm" c="dimmed">
        {t('localisation.form.geoHelp')}
      </Text>
    </FormModal>
  );
}

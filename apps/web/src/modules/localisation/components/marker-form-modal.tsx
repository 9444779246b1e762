import { LOCALISATION_COULEURS, LOCALISATION_ICON_LABELS, LOCALISATION_ICONS, type LocalisationMarkerInput } from '@app/contracts';
import { ColorInput, Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';

interface Props {
  opened: boolean;
  marker: LocalisationMarkerInput | null;
  onClose: () => void;
  onSubmit: (m: Pick<LocalisationMarkerInput, 'libelle' | 'couleur' | 'icon'>) => void;
}

/** The name, colour and icon of a free marker (« Point de rassemblement », « Extincteur »). */
export function MarkerFormModal({ opened, marker, onClose, onSubmit }: Props) {
  const { t } = useTranslation();
  const form = useForm<{ libelle: string; couleur: string; icon: string | null }>({
    initialValues: { libelle: '', couleur: '', icon: 'map-pin' },
    validate: { libelle: (v) => (v.trim() ? null : t('localisation.fields.libelle')) },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when opened
  useEffect(() => {
    if (opened) form.setValues({ libelle: marker?.libelle ?? '', couleur: marker?.couleur ?? '', icon: marker?.icon ?? 'map-pin' });
  }, [opened]);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={marker ? t('localisation.markers.edit') : t('localisation.markers.add')}
      noValidate
      onSubmit={form.onSubmit((v) => {
        onSubmit({
          libelle: v.libelle.trim().slice(0, 255),
          couleur: v.couleur || null,
          icon: (v.icon as LocalisationMarkerInput['icon']) ?? null,
        });
        onClose();
      })}
      error={null}
      submitting={false}
    >
      <TextInput label={t('localisation.fields.libelle')} required data-autofocus maxLength={255} {...form.getInputProps('libelle')} />
      <Select
        label={t('localisation.fields.icon')}
        data={LOCALISATION_ICONS.map((i) => ({ value: i, label: LOCALISATION_ICON_LABELS[i] }))}
        {...form.getInputProps('icon')}
      />
      <ColorInput
        label={t('localisation.fields.couleur')}
        format="hex"
        swatches={[...LOCALISATION_COULEURS]}
        eyeDropperButtonProps={{ 'aria-label': t('localisation.fields.couleurPipette') }}
        {...form.getInputProps('couleur')}
      />
    </FormModal>
  );
}

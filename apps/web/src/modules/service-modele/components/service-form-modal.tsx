import { type ServiceModele, ServiceModeleCreate, type ServiceType } from '@app/contracts';
import { ColorInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { type ServiceCreateBody, useSaveServiceModele } from '../service-modele.queries.ts';

const resolve = schemaResolver(ServiceModeleCreate, { sync: true });

interface Values {
  libelle: string;
  couleur: string;
}

const payloadOf = (v: Values): ServiceCreateBody => ({ libelle: v.libelle.trim(), couleur: v.couleur || null });

interface Props {
  opened: boolean;
  type: ServiceType;
  /** The service to rename or recolour; null to create one of `type`. */
  service: ServiceModele | null;
  onClose: () => void;
}

/** Create a service, or rename / recolour one. */
export function ServiceFormModal({ opened, type, service, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveServiceModele();
  const form = useForm<Values>({
    initialValues: { libelle: '', couleur: '' },
    validate: (values) => resolve(payloadOf(values)),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another service is opened
  useEffect(() => {
    if (opened) {
      form.setValues({ libelle: service?.libelle ?? '', couleur: service?.couleur ?? '' });
      form.clearErrors();
      save.reset();
    }
  }, [opened, service?.id]);

  const title = service ? t('service.form.editTitle', { libelle: service.libelle }) : t(`service.form.createTitle.${type}`);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate({ type, id: service?.id, body: payloadOf(values) }, { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('service.fields.libelle')} required data-autofocus {...form.getInputProps('libelle')} />
      <ColorInput
        label={t('service.fields.couleur')}
        format="hex"
        swatches={['#1c7ed6', '#37b24d', '#f59f00', '#e03131', '#7048e8', '#0ca678', '#495057']}
        eyeDropperButtonProps={{ 'aria-label': t('service.fields.couleurPipette') }}
        {...form.getInputProps('couleur')}
      />
    </FormModal>
  );
}

import { type Utilisateur, UtilisateurCreate } from '@app/contracts';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useSaveUtilisateur } from '../utilisateur.queries.ts';
import { formValuesOf, payloadOf, type UtilisateurFormValues } from '../utilisateur-form.ts';
import { UtilisateurFormFields } from './utilisateur-form-fields.tsx';

const resolve = schemaResolver(UtilisateurCreate, { sync: true });

interface Props {
  opened: boolean;
  /** The user to edit; null to create one. */
  utilisateur: Utilisateur | null;
  onClose: () => void;
}

/** Create or edit a user, with every property of the spec. */
export function UtilisateurFormModal({ opened, utilisateur, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveUtilisateur();
  const form = useForm<UtilisateurFormValues>({
    initialValues: formValuesOf(utilisateur),
    validate: (values) => {
      const errors = resolve(payloadOf(values));
      if (!values.profilId) errors.profilId = t('utilisateur.form.profilRequired');
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another user is opened
  useEffect(() => {
    if (opened) {
      form.setValues(formValuesOf(utilisateur));
      form.resetDirty();
      form.clearErrors();
      save.reset();
    }
  }, [opened, utilisateur?.id]);

  const title = utilisateur
    ? t('utilisateur.form.editTitle', { name: `${utilisateur.prenom} ${utilisateur.nom}` })
    : t('utilisateur.form.createTitle');

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate({ id: utilisateur?.id, body: payloadOf(values) }, { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <UtilisateurFormFields form={form} />
    </FormModal>
  );
}

import { UtilisateurCreate, type Utilisateur } from '@app/contracts';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../../../lib/notify.ts';
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
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={opened} onClose={onClose} title={title} size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate({ id: utilisateur?.id, body: payloadOf(values) }, { onSuccess: onClose }),
        )}
      >
        <Stack>
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {messageOfError(save.error)}
            </Alert>
          )}
          <UtilisateurFormFields form={form} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

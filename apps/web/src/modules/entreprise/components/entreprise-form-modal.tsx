import { AUTH_TYPES, type Entreprise, LOGICIELS } from '@app/contracts';
import { Checkbox, Group, Table, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabel } from '../../../lib/labels.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useSaveEntreprise } from '../entreprise.queries.ts';
import { type EntrepriseFormValues, entrepriseFormValuesOf, entreprisePayloadOf } from '../entreprise-form.ts';
import { EntrepriseClientsField } from './entreprise-clients-field.tsx';

interface Props {
  opened: boolean;
  entreprise: Entreprise | null;
  /** Every company, to pick the clients of an external one. */
  all: Entreprise[];
  onClose: () => void;
}

/** Create or edit a company: name, external flag, sign-in modes, softwares and clients. */
export function EntrepriseFormModal({ opened, entreprise, all, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveEntreprise();
  const form = useForm<EntrepriseFormValues>({
    initialValues: entrepriseFormValuesOf(entreprise),
    validate: {
      nom: (v) => (v.trim().length >= 2 ? null : t('entreprise.form.nomTooShort')),
      authTypes: (v) => (v.length > 0 ? null : t('entreprise.form.authRequired')),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when another company is opened
  useEffect(() => {
    if (opened) {
      form.setValues(entrepriseFormValuesOf(entreprise));
      form.clearErrors();
      save.reset();
    }
  }, [opened, entreprise?.id]);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={entreprise ? t('entreprise.form.editTitle', { nom: entreprise.nom }) : t('entreprise.form.createTitle')}
      noValidate
      onSubmit={form.onSubmit((v) => save.mutate({ id: entreprise?.id, body: entreprisePayloadOf(v) }, { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('entreprise.form.nom')} required {...form.getInputProps('nom')} />
      <Checkbox label={t('entreprise.form.eu')} {...form.getInputProps('eu', { type: 'checkbox' })} />
      <Checkbox.Group label={t('entreprise.form.authTypes')} {...form.getInputProps('authTypes')}>
        <Group mt="xs">
          {AUTH_TYPES.map((a) => (
            <Checkbox key={a} value={a} label={t(`entreprise.authTypes.${a}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Table aria-label={t('entreprise.form.logiciels')} verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('entreprise.form.logiciel')}</Table.Th>
            <Table.Th>{t('entreprise.form.enable')}</Table.Th>
            <Table.Th>{t('entreprise.form.active')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {LOGICIELS.map((l) => (
            <Table.Tr key={l.code}>
              <Table.Td>{codeLabel(t, 'logiciel', l.code)}</Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={`${t('entreprise.form.enable')} ${codeLabel(t, 'logiciel', l.code)}`}
                  {...form.getInputProps(`logiciels.${l.code}.enable`, { type: 'checkbox' })}
                />
              </Table.Td>
              <Table.Td>
                <Checkbox
                  aria-label={`${t('entreprise.form.active')} ${codeLabel(t, 'logiciel', l.code)}`}
                  disabled={!form.values.logiciels[l.code].enable}
                  {...form.getInputProps(`logiciels.${l.code}.active`, { type: 'checkbox' })}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {form.values.eu && <EntrepriseClientsField form={form} all={all.filter((e) => e.id !== entreprise?.id)} />}
    </FormModal>
  );
}

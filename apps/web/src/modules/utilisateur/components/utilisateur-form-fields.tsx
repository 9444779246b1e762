import { Checkbox, ColorInput, Group, MultiSelect, NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../ui/date-fields.tsx';
import { SignatureInput } from '../../../ui/signature-input.tsx';
import { useProfilChoices } from '../../profil/index.ts';
import { useServiceModeleChoices } from '../../service-modele/index.ts';
import type { UtilisateurFormValues } from '../utilisateur-form.ts';

/** The inputs of the user form, labelled in French. */
export function UtilisateurFormFields({ form }: { form: UseFormReturnType<UtilisateurFormValues> }) {
  const { t } = useTranslation();
  const services = useServiceModeleChoices();
  const profils = useProfilChoices();
  const serviceData = (services.data ?? []).map((s) => ({ value: String(s.id), label: s.libelle }));
  const profilData = (profils.data ?? []).map((p) => ({ value: String(p.id), label: p.libelle }));

  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('utilisateur.fields.nom')} required {...form.getInputProps('nom')} />
        <TextInput label={t('utilisateur.fields.prenom')} required {...form.getInputProps('prenom')} />
        <TextInput label={t('utilisateur.fields.mail')} type="email" required {...form.getInputProps('mail')} />
        <TextInput label={t('utilisateur.fields.telephone')} type="tel" {...form.getInputProps('telephone')} />
        <TextInput label={t('utilisateur.fields.fonction')} {...form.getInputProps('fonction')} />
        <TextInput label={t('utilisateur.fields.identification')} {...form.getInputProps('identification')} />
        <TextInput label={t('utilisateur.fields.codeRfid')} {...form.getInputProps('codeRfid')} />
        <NumberInput
          label={t('utilisateur.fields.coutHoraire')}
          min={0}
          max={100000}
          decimalScale={2}
          decimalSeparator=","
          suffix=" €"
          {...form.getInputProps('coutHoraire')}
        />
        <ColorInput
          label={t('utilisateur.fields.couleur')}
          format="hex"
          placeholder="#RRGGBB"
          eyeDropperButtonProps={{ 'aria-label': t('utilisateur.fields.couleurPipette') }}
          {...form.getInputProps('couleur')}
        />
        <DayInput
          label={t('utilisateur.fields.dateNaissance')}
          value={form.values.dateNaissance}
          onChange={(day) => form.setFieldValue('dateNaissance', day ?? '')}
          error={form.errors.dateNaissance}
        />
        <Select
          label={t('utilisateur.fields.service')}
          data={serviceData}
          searchable
          clearable
          nothingFoundMessage={t('common.nothingFound')}
          placeholder={services.isPending ? t('common.loading') : undefined}
          {...form.getInputProps('serviceId')}
        />
        <Select
          label={t('utilisateur.fields.profil')}
          data={profilData}
          required
          searchable
          nothingFoundMessage={t('common.nothingFound')}
          placeholder={profils.isPending ? t('common.loading') : undefined}
          {...form.getInputProps('profilId')}
        />
      </SimpleGrid>
      <MultiSelect
        label={t('utilisateur.fields.profilIds')}
        description={t('utilisateur.fields.profilIdsHelp')}
        data={profilData}
        clearable
        {...form.getInputProps('profilIds')}
      />
      <Group gap="xl">
        <Checkbox label={t('utilisateur.fields.enable')} {...form.getInputProps('enable', { type: 'checkbox' })} />
        <Checkbox label={t('utilisateur.fields.isTempAccount')} {...form.getInputProps('isTempAccount', { type: 'checkbox' })} />
        <Checkbox label={t('utilisateur.fields.isMfa')} {...form.getInputProps('isMfa', { type: 'checkbox' })} />
      </Group>
      <SignatureInput
        value={form.values.signature}
        onChange={(v) => form.setFieldValue('signature', v)}
        error={form.errors.signature as string | undefined}
      />
    </>
  );
}

import { AVIS, type Avis, type Formation, FormationSave } from '@app/contracts';
import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../ui/date-fields.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useCurrentSession } from '../../auth/index.ts';
import { usePeopleChoices } from '../../utilisateur/index.ts';
import { type FormationSaveBody, useSaveFormation } from '../formation.queries.ts';

const resolve = schemaResolver(FormationSave, { sync: true });

interface Values {
  utilisateurId: string | null;
  intitule: string;
  organisme: string;
  date: string | null;
  validUntil: string | null;
  avis: { symbole: string; avis: Avis }[];
}
const payloadOf = (v: Values, id?: number): FormationSaveBody => ({
  ...(id ? { id } : {}),
  utilisateurId: Number(v.utilisateurId ?? 0),
  intitule: v.intitule.trim(),
  organisme: v.organisme.trim(),
  date: v.date ?? '',
  validUntil: v.validUntil || null,
  avisApresFormation: v.avis.map((a) => ({ symbole: a.symbole.trim(), avis: a.avis })),
});

/** Record a training, or edit one: who, what, which body, when, until when, and the trainer's avis per symbol. */
export function FormationFormModal({ opened, formation, onClose }: { opened: boolean; formation: Formation | null; onClose: () => void }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const people = usePeopleChoices(session.idCompany);
  const save = useSaveFormation();
  const form = useForm<Values>({
    initialValues: { utilisateurId: null, intitule: '', organisme: '', date: null, validUntil: null, avis: [] },
    validate: (values) => {
      // The schema names the avis list avisApresFormation; the form, avis.
      const errors: Record<string, string> = Object.fromEntries(
        Object.entries(resolve(payloadOf(values)) as Record<string, string>).map(([k, v]) => [
          k.replace(/^avisApresFormation\./, 'avis.'),
          v,
        ]),
      );
      if (!values.utilisateurId) errors.utilisateurId = t('formation.form.personRequired');
      values.avis.forEach((a, i) => {
        if (!a.symbole.trim()) errors[`avis.${i}.symbole`] = t('formation.form.symboleRequired');
      });
      return errors;
    },
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another training is opened
  useEffect(() => {
    if (opened) {
      form.setValues({
        utilisateurId: formation ? String(formation.utilisateurId) : null,
        intitule: formation?.intitule ?? '',
        organisme: formation?.organisme ?? '',
        date: formation?.date ?? null,
        validUntil: formation?.validUntil ?? null,
        avis: formation?.avisApresFormation.map((a) => ({ ...a })) ?? [],
      });
      form.clearErrors();
      save.reset();
    }
  }, [opened, formation?.id]);

  const avisChoices = AVIS.map((a) => ({ value: a, label: t(`formation.avis.${a}`) }));
  const peopleChoices = [
    ...(people.data ?? []),
    // A person no longer in the company list still shows by name on an old training.
    ...(formation && !(people.data ?? []).some((p) => p.value === String(formation.utilisateurId))
      ? [{ value: String(formation.utilisateurId), label: formation.utilisateurNom }]
      : []),
  ];
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={formation ? t('formation.form.editTitle', { intitule: formation.intitule }) : t('formation.form.createTitle')}
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate(payloadOf(values, formation?.id), { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <Select
        label={t('formation.fields.personne')}
        required
        searchable
        data-autofocus
        data={peopleChoices}
        nothingFoundMessage={t('common.nothingFound')}
        {...form.getInputProps('utilisateurId')}
      />
      <TextInput label={t('formation.fields.intitule')} required maxLength={255} {...form.getInputProps('intitule')} />
      <TextInput label={t('formation.fields.organisme')} required maxLength={255} {...form.getInputProps('organisme')} />
      <Group grow align="flex-start">
        <DayInput
          label={t('formation.fields.date')}
          required
          value={form.values.date}
          onChange={(v) => form.setFieldValue('date', v)}
          error={form.errors.date}
        />
        <DayInput
          label={t('formation.fields.validUntil')}
          value={form.values.validUntil}
          onChange={(v) => form.setFieldValue('validUntil', v)}
          error={form.errors.validUntil}
        />
      </Group>
      <fieldset style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Text component="legend" fw={500} size="sm" mb={4}>
          {t('formation.fields.avis')}
        </Text>
        <Stack gap="xs">
          {form.values.avis.length === 0 && (
            <Text size="sm" c="dimmed">
              {t('formation.form.noAvis')}
            </Text>
          )}
          {form.values.avis.map((_, i) => {
            const n = i + 1;
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: an avis has no id; its position is its identity while edited
              <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
                <TextInput
                  aria-label={`${t('formation.fields.symbole')} ${n}`}
                  placeholder={t('formation.fields.symbole')}
                  maxLength={40}
                  style={{ flex: 1 }}
                  {...form.getInputProps(`avis.${i}.symbole`)}
                />
                <Select
                  aria-label={`${t('formation.fields.avisValue')} ${n}`}
                  data={avisChoices}
                  allowDeselect={false}
                  w={170}
                  {...form.getInputProps(`avis.${i}.avis`)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={4}
                  aria-label={t('formation.form.removeAvis', { n })}
                  onClick={() => form.removeListItem('avis', i)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
            );
          })}
        </Stack>
        {typeof form.errors.avisApresFormation === 'string' && (
          <Text size="sm" c="red.9" mt={4}>
            {form.errors.avisApresFormation}
          </Text>
        )}
        <Button
          mt="xs"
          variant="subtle"
          leftSection={<IconPlus size={16} />}
          disabled={form.values.avis.length >= 30}
          onClick={() => form.insertListItem('avis', { symbole: '', avis: 'favorable' })}
        >
          {t('formation.form.addAvis')}
        </Button>
      </fieldset>
    </FormModal>
  );
}

import { type Risque, RisqueCreate } from '@app/contracts';
import { Group, Select, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { type RisqueCreateBody, useRisqueEchelle, useRisqueFamilles, useSaveRisque } from '../risque.queries.ts';

const resolve = schemaResolver(RisqueCreate, { sync: true });

interface Values {
  libelle: string;
  familleId: string | null;
  description: string;
  mesures: string;
  gravite: string | null;
  frequence: string | null;
}
const payloadOf = (v: Values): RisqueCreateBody => ({
  libelle: v.libelle.trim(),
  familleId: v.familleId ? Number(v.familleId) : null,
  description: v.description.trim() || null,
  mesures: v.mesures.trim() || null,
  gravite: v.gravite ? Number(v.gravite) : null,
  frequence: v.frequence ? Number(v.frequence) : null,
});

/** Create a risk of the catalogue, or edit one (family, G and F on the company's scales, measures). */
export function RisqueFormModal({ opened, risque, onClose }: { opened: boolean; risque: Risque | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveRisque();
  const familles = useRisqueFamilles();
  const echelle = useRisqueEchelle();
  const form = useForm<Values>({
    initialValues: { libelle: '', familleId: null, description: '', mesures: '', gravite: null, frequence: null },
    validate: (values) => resolve(payloadOf(values)),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another risk is opened
  useEffect(() => {
    if (opened) {
      form.setValues({
        libelle: risque?.libelle ?? '',
        familleId: risque?.familleId ? String(risque.familleId) : null,
        description: risque?.description ?? '',
        mesures: risque?.mesures ?? '',
        gravite: risque?.gravite ? String(risque.gravite) : null,
        frequence: risque?.frequence ? String(risque.frequence) : null,
      });
      form.clearErrors();
      save.reset();
    }
  }, [opened, risque?.id]);
  const levels = (axe: 'gravite' | 'frequence') =>
    (echelle.data?.[axe] ?? []).map((n) => ({ value: String(n.niveau), label: `${n.niveau} · ${n.libelle}` }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={risque ? t('risque.form.editTitle', { libelle: risque.libelle }) : t('risque.form.createTitle')}
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate({ id: risque?.id, body: payloadOf(values) }, { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('risque.fields.libelle')} required data-autofocus maxLength={255} {...form.getInputProps('libelle')} />
      <Select
        label={t('risque.fields.famille')}
        clearable
        searchable
        data={(familles.data ?? []).map((f) => ({ value: String(f.id), label: f.libelle }))}
        {...form.getInputProps('familleId')}
      />
      <Group grow align="flex-start">
        <Select label={t('risque.fields.gravite')} clearable data={levels('gravite')} {...form.getInputProps('gravite')} />
        <Select label={t('risque.fields.frequence')} clearable data={levels('frequence')} {...form.getInputProps('frequence')} />
      </Group>
      <Textarea label={t('risque.fields.description')} autosize minRows={2} maxLength={4000} {...form.getInputProps('description')} />
      <Textarea label={t('risque.fields.mesures')} autosize minRows={2} maxLength={4000} {...form.getInputProps('mesures')} />
    </FormModal>
  );
}

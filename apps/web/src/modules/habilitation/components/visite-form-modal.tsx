import {
  ATTESTATION_MEDICALE_MOIS,
  ajouterMois,
  formatDate,
  RESULTATS_VISITE,
  TYPES_VISITE,
  VisiteCreate,
  type VisiteMedicale,
} from '@app/contracts';
import { Group, Select, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { DayInput } from '../../../ui/date-fields.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useSaveVisite, type VisiteCreateBody } from '../habilitation.queries.ts';
import { dayInputProps } from '../habilitation-form.ts';
import { usePeople } from '../habilitation-people.ts';
import { todayInParis } from '../habilitation-status.ts';

const resolve = schemaResolver(VisiteCreate, { sync: true });

export interface VisiteValues {
  utilisateurId: string | null;
  type: string | null;
  date: string | null;
  resultat: string | null;
  validUntil: string | null;
  restrictions: string;
}

/** The API body of the visit form. */
export function visitePayloadOf(v: VisiteValues): VisiteCreateBody {
  return {
    utilisateurId: Number(v.utilisateurId ?? 0),
    type: (v.type ?? '') as VisiteCreateBody['type'],
    date: v.date ?? '',
    resultat: (v.resultat as VisiteCreateBody['resultat']) ?? null,
    validUntil: v.validUntil || null,
    restrictions: v.restrictions.trim() || null,
  };
}

/** The end of validity the server sets when none is typed: an attestation de non contre-indication is valid 5 years. */
export function defaultValidUntil(type: string | null, date: string | null): string | null {
  if (type !== 'attestation' || !date || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  return ajouterMois(date, ATTESTATION_MEDICALE_MOIS);
}

const valuesOf = (v: VisiteMedicale | null, utilisateurId: number | null): VisiteValues => ({
  utilisateurId: v ? String(v.utilisateurId) : utilisateurId ? String(utilisateurId) : null,
  type: v?.type ?? 'attestation',
  date: v?.date.slice(0, 10) ?? todayInParis(),
  resultat: v?.resultat ?? 'favorable',
  validUntil: v?.validUntil?.slice(0, 10) ?? null,
  restrictions: v?.restrictions ?? '',
});

interface Props {
  opened: boolean;
  visite: VisiteMedicale | null;
  utilisateurId: number | null;
  onClose: () => void;
}

/** Record a medical visit (VIP, SIR, attestation de non contre-indication…) or correct one. */
export function VisiteFormModal({ opened, visite, utilisateurId, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSaveVisite();
  const people = usePeople();
  const form = useForm<VisiteValues>({ initialValues: valuesOf(null, null), validate: (v) => resolve(visitePayloadOf(v)) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another visit is opened
  useEffect(() => {
    if (opened) {
      form.setValues(valuesOf(visite, utilisateurId));
      form.clearErrors();
      save.reset();
    }
  }, [opened, visite?.id]);
  const computed = defaultValidUntil(form.values.type, form.values.date);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={visite ? t('habilitation.visite.editTitle', { nom: visite.utilisateur }) : t('habilitation.visite.createTitle')}
      noValidate
      onSubmit={form.onSubmit((v) => save.mutate({ id: visite?.id, body: visitePayloadOf(v) }, { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <Select
        label={t('habilitation.visite.personne')}
        required
        searchable
        disabled={Boolean(visite)}
        data-autofocus
        data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.fullName }))}
        nothingFoundMessage={people.isPending ? t('common.loading') : t('common.nothingFound')}
        {...form.getInputProps('utilisateurId')}
      />
      <Group grow align="flex-start">
        <Select
          label={t('habilitation.visite.type')}
          required
          allowDeselect={false}
          data={TYPES_VISITE.map((x) => ({ value: x, label: t(`habilitation.visite.types.${x}`) }))}
          {...form.getInputProps('type')}
        />
        <DayInput label={t('habilitation.visite.date')} required {...dayInputProps(form.getInputProps('date'))} />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('habilitation.visite.resultat')}
          clearable
          data={RESULTATS_VISITE.map((x) => ({ value: x, label: t(`habilitation.visite.resultats.${x}`) }))}
          {...form.getInputProps('resultat')}
        />
        <DayInput
          label={t('habilitation.visite.validUntil')}
          placeholder={computed ? formatDate(computed) : undefined}
          {...dayInputProps(form.getInputProps('validUntil'))}
        />
      </Group>
      {computed && !form.values.validUntil && (
        <Text size="xs" c="dimmed">
          {t('habilitation.visite.defaultValidity', { date: formatDate(computed) })}
        </Text>
      )}
      <Textarea
        label={t('habilitation.visite.restrictions')}
        autosize
        minRows={2}
        maxLength={1000}
        {...form.getInputProps('restrictions')}
      />
    </FormModal>
  );
}

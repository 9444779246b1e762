import { ATTRIBUTS_SYMBOLE, CARACTERES_SYMBOLE, DOMAINES_SYMBOLE, NATURES_SYMBOLE, type Symbole, SymboleCreate } from '@app/contracts';
import { Group, MultiSelect, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { type SymboleCreateBody, useSaveSymbole, useSymboles } from '../habilitation.queries.ts';

const resolve = schemaResolver(SymboleCreate, { sync: true });

export interface SymboleValues {
  code: string;
  libelle: string;
  domaine: string | null;
  caractere: string | null;
  nature: string | null;
  attribut: string | null;
  medicalRequis: boolean;
  recyclageMois: number | string;
  couvreIds: string[];
  actif: boolean;
}

/** The API body of the symbol form (empty choices as null, the recyclage override as a number or null). */
export function symbolePayloadOf(v: SymboleValues): SymboleCreateBody {
  return {
    code: v.code.trim(),
    libelle: v.libelle.trim(),
    domaine: (v.domaine as SymboleCreateBody['domaine']) ?? null,
    caractere: (v.caractere as SymboleCreateBody['caractere']) ?? null,
    nature: (v.nature as SymboleCreateBody['nature']) ?? null,
    attribut: (v.attribut as SymboleCreateBody['attribut']) ?? null,
    medicalRequis: v.medicalRequis,
    recyclageMois: v.recyclageMois === '' ? null : Number(v.recyclageMois),
    couvreIds: v.couvreIds.map(Number),
    actif: v.actif,
  };
}

const valuesOf = (s: Symbole | null): SymboleValues => ({
  code: s?.code ?? '',
  libelle: s?.libelle ?? '',
  domaine: s?.domaine ?? null,
  caractere: s?.caractere ?? null,
  nature: s?.nature ?? null,
  attribut: s?.attribut ?? null,
  medicalRequis: s?.medicalRequis ?? true,
  recyclageMois: s?.recyclageMois ?? '',
  couvreIds: (s?.couvreIds ?? []).map(String),
  actif: s?.actif ?? true,
});

/** Add a symbol to the catalogue or edit one: code, label, NF C18-510 characters, what it covers, medical attestation, recyclage. */
export function SymboleFormModal({ opened, symbole, onClose }: { opened: boolean; symbole: Symbole | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveSymbole();
  const all = useSymboles();
  const form = useForm<SymboleValues>({ initialValues: valuesOf(null), validate: (v) => resolve(symbolePayloadOf(v)) });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another symbol is opened
  useEffect(() => {
    if (opened) {
      form.setValues(valuesOf(symbole));
      form.clearErrors();
      save.reset();
    }
  }, [opened, symbole?.id]);
  const options = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={symbole ? t('habilitation.symbole.editTitle', { code: symbole.code }) : t('habilitation.symbole.createTitle')}
      noValidate
      onSubmit={form.onSubmit((v) => save.mutate({ id: symbole?.id, body: symbolePayloadOf(v) }, { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <Group grow align="flex-start">
        <TextInput label={t('habilitation.symbole.code')} required data-autofocus maxLength={40} {...form.getInputProps('code')} />
        <TextInput label={t('habilitation.symbole.libelle')} required maxLength={255} {...form.getInputProps('libelle')} />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('habilitation.symbole.domaine')}
          clearable
          data={DOMAINES_SYMBOLE.map((d) => ({ value: d, label: t(`habilitation.symbole.domaines.${d}`) }))}
          {...form.getInputProps('domaine')}
        />
        <Select
          label={t('habilitation.symbole.caractere')}
          clearable
          data={CARACTERES_SYMBOLE.map((c) => ({ value: c, label: `${c} — ${t(`habilitation.symbole.caracteres.${c}`)}` }))}
          {...form.getInputProps('caractere')}
        />
      </Group>
      <Group grow align="flex-start">
        <Select
          label={t('habilitation.symbole.nature')}
          clearable
          data={NATURES_SYMBOLE.map((n) => ({ value: n, label: `${n} — ${t(`habilitation.symbole.natures.${n}`)}` }))}
          {...form.getInputProps('nature')}
        />
        <Select
          label={t('habilitation.symbole.attribut')}
          clearable
          data={options(ATTRIBUTS_SYMBOLE)}
          {...form.getInputProps('attribut')}
        />
      </Group>
      <MultiSelect
        label={t('habilitation.symbole.couvre')}
        description={t('habilitation.symbole.couvreHelp')}
        searchable
        data={(all.data ?? []).filter((s) => s.id !== symbole?.id).map((s) => ({ value: String(s.id), label: `${s.code} — ${s.libelle}` }))}
        {...form.getInputProps('couvreIds')}
      />
      <Group grow align="flex-start">
        <NumberInput
          label={t('habilitation.symbole.recyclageMois')}
          description={t('habilitation.symbole.recyclageHelp')}
          min={1}
          max={120}
          allowDecimal={false}
          {...form.getInputProps('recyclageMois')}
        />
        <Switch
          mt="lg"
          label={t('habilitation.symbole.medicalRequis')}
          description={t('habilitation.symbole.medicalHelp')}
          {...form.getInputProps('medicalRequis', { type: 'checkbox' })}
        />
      </Group>
      <Switch label={t('habilitation.symbole.actif')} {...form.getInputProps('actif', { type: 'checkbox' })} />
    </FormModal>
  );
}

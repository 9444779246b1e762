import { echeanceRecyclage, formatDate, type Symbole, TitreCreate, type TitreHabilitation } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Button, Card, Fieldset, Group, SegmentedControl, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { equipementChoices } from '../../../lib/equipement-choices.ts';
import { DayInput } from '../../../ui/date-fields.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { RemoteSelect } from '../../../ui/remote-select.tsx';
import { habilitationKeys } from '../habilitation.keys.ts';
import { type TitreCreateBody, useHabilitationSetting, useSymboles } from '../habilitation.queries.ts';
import { dayInputProps } from '../habilitation-form.ts';
import { usePeople } from '../habilitation-people.ts';
import { todayInParis } from '../habilitation-status.ts';

const resolve = schemaResolver(TitreCreate, { sync: true });

export type Portee = 'site' | 'domaine' | 'equipement' | 'localisation';
export interface LigneValues {
  key: string;
  habilitationId: string | null;
  portee: Portee;
  domaine: string;
  equipementId: number | null;
  equipementLibelle: string | null;
  localisationId: string | null;
  dateObtention: string | null;
  dateEcheance: string | null;
  restrictions: string;
}
export interface TitreValues {
  utilisateurId: string | null;
  numero: string;
  employeur: string;
  dateDelivrance: string | null;
  dateFinValidite: string | null;
  observations: string;
  /** The training whose favourable avis the title rests on (domain.md §4.1), if any. */
  formationId: string | null;
  detentions: LigneValues[];
}

let keySeq = 0;
/** A new symbol line, obtained on the title's issue day. */
export const newLigne = (dateObtention: string | null): LigneValues => ({
  key: `l${++keySeq}`,
  habilitationId: null,
  portee: 'site',
  domaine: '',
  equipementId: null,
  equipementLibelle: null,
  localisationId: null,
  dateObtention,
  dateEcheance: null,
  restrictions: '',
});

/** The form's values of an existing (draft) title, or of a new one for a person. */
export function valuesOf(titre: TitreHabilitation | null, utilisateurId: number | null, today = todayInParis()): TitreValues {
  if (!titre)
    return {
      utilisateurId: utilisateurId ? String(utilisateurId) : null,
      numero: '',
      employeur: '',
      dateDelivrance: today,
      dateFinValidite: null,
      observations: '',
      formationId: null,
      detentions: [newLigne(today)],
    };
  return {
    utilisateurId: String(titre.utilisateurId),
    numero: titre.numero,
    employeur: titre.employeur,
    dateDelivrance: titre.dateDelivrance.slice(0, 10),
    dateFinValidite: titre.dateFinValidite?.slice(0, 10) ?? null,
    observations: titre.observations ?? '',
    formationId: titre.formationId ? String(titre.formationId) : null,
    detentions: titre.detentions.map((d) => ({
      key: `d${d.id}`,
      habilitationId: String(d.habilitationId),
      portee: d.equipementId ? 'equipement' : d.localisationId ? 'localisation' : d.domaine ? 'domaine' : 'site',
      domaine: d.domaine ?? '',
      equipementId: d.equipementId,
      equipementLibelle: d.equipementLibelle,
      localisationId: d.localisationId ? String(d.localisationId) : null,
      dateObtention: d.dateObtention?.slice(0, 10) ?? null,
      dateEcheance: d.dateEcheance?.slice(0, 10) ?? null,
      restrictions: d.restrictions ?? '',
    })),
  };
}

/** The API body of the form (one scope per line: free text, an equipment or a location; none = the title's whole scope). */
export function payloadOf(v: TitreValues): TitreCreateBody {
  return {
    utilisateurId: Number(v.utilisateurId ?? 0),
    numero: v.numero.trim() || undefined,
    employeur: v.employeur.trim() || undefined,
    dateDelivrance: v.dateDelivrance ?? '',
    dateFinValidite: v.dateFinValidite || null,
    observations: v.observations.trim() || null,
    formationId: v.formationId ? Number(v.formationId) : null,
    detentions: v.detentions.map((l) => ({
      habilitationId: Number(l.habilitationId ?? 0),
      domaine: l.portee === 'domaine' ? l.domaine.trim() || null : null,
      equipementId: l.portee === 'equipement' ? l.equipementId : null,
      localisationId: l.portee === 'localisation' && l.localisationId ? Number(l.localisationId) : null,
      dateObtention: l.dateObtention ?? '',
      dateEcheance: l.dateEcheance || null,
      restrictions: l.restrictions.trim() || null,
    })),
  };
}

/** The recyclage due date the server will compute when none is typed: the symbol's period, else the company's. */
export function computedEcheance(
  dateObtention: string | null,
  symbole: Pick<Symbole, 'recyclageMois'> | undefined,
  defautMois: number | undefined,
): string | null {
  if (!dateObtention || !/^\d{4}-\d{2}-\d{2}$/.test(dateObtention)) return null;
  return echeanceRecyclage(dateObtention, symbole?.recyclageMois, defautMois);
}

interface Props {
  titre: TitreHabilitation | null;
  utilisateurId: number | null;
  submitting: boolean;
  error: unknown;
  onSubmit: (body: TitreCreateBody) => void;
  onCancel: () => void;
}

/** Issue (or edit, while a draft) a titre d'habilitation: holder, dates, symbols with their scope, observations. */
export function TitreForm({ titre, utilisateurId, submitting, error, onSubmit, onCancel }: Props) {
  const { t } = useTranslation();
  const people = usePeople();
  const symboles = useSymboles();
  const setting = useHabilitationSetting();
  const localisations = useQuery({
    queryKey: [...habilitationKeys.all, 'localisations'],
    queryFn: ({ signal }) => callApi(API.localisation.list, { signal }),
    staleTime: 60_000,
  });
  const form = useForm<TitreValues>({
    initialValues: valuesOf(titre, utilisateurId),
    validate: (values) => resolve(payloadOf(values)),
  });
  const holder = form.values.utilisateurId;
  // The holder's trainings, to name the one whose favourable avis the title rests on.
  const formations = useQuery({
    queryKey: [...habilitationKeys.all, 'formations', holder],
    queryFn: ({ signal }) => callApi(API.formation.gets, { query: { utilisateurId: Number(holder) }, signal }),
    enabled: Boolean(holder),
    staleTime: 60_000,
  });
  const formationOptions = (formations.data ?? []).map((f) => ({
    value: String(f.id),
    label: `${f.intitule} — ${f.organisme}, ${formatDate(f.date)} (${
      f.avisApresFormation
        .filter((a) => a.avis === 'favorable')
        .map((a) => a.symbole)
        .join(', ') || t('habilitation.titre.formationNoAvis')
    })`,
  }));
  const symbole = (id: string | null) => (symboles.data ?? []).find((s) => String(s.id) === id);
  const symboleOptions = (symboles.data ?? [])
    .filter((s) => s.actif)
    .map((s) => ({ value: String(s.id), label: `${s.code} — ${s.libelle}` }));
  const rootError = form.errors.detentions;

  return (
    <form noValidate onSubmit={form.onSubmit((v) => onSubmit(payloadOf(v)))} aria-label={t('habilitation.titre.formLabel')}>
      <Stack gap="md">
        <FormError error={error} />
        <Group grow align="flex-start" wrap="wrap">
          <Select
            label={t('habilitation.fields.titulaire')}
            required
            searchable
            disabled={Boolean(titre)}
            data={(people.data ?? []).map((p) => ({ value: String(p.id), label: p.fullName }))}
            nothingFoundMessage={people.isPending ? t('common.loading') : t('common.nothingFound')}
            miw={220}
            {...form.getInputProps('utilisateurId')}
          />
          <TextInput
            label={t('habilitation.fields.numero')}
            description={t('habilitation.titre.numeroHelp')}
            maxLength={40}
            miw={160}
            {...form.getInputProps('numero')}
          />
          <TextInput
            label={t('habilitation.fields.employeur')}
            description={t('habilitation.titre.employeurHelp')}
            maxLength={255}
            miw={200}
            {...form.getInputProps('employeur')}
          />
        </Group>
        <Group grow align="flex-start" wrap="wrap">
          <DayInput
            label={t('habilitation.fields.dateDelivrance')}
            required
            miw={180}
            {...dayInputProps(form.getInputProps('dateDelivrance'))}
          />
          <DayInput
            label={t('habilitation.fields.dateFinValidite')}
            description={t('habilitation.titre.finValiditeHelp')}
            miw={180}
            {...dayInputProps(form.getInputProps('dateFinValidite'))}
          />
        </Group>
        <Select
          label={t('habilitation.fields.formation')}
          description={t('habilitation.titre.formationHelp')}
          clearable
          searchable
          disabled={!holder}
          data={formationOptions}
          nothingFoundMessage={formations.isPending ? t('common.loading') : t('habilitation.titre.formationNone')}
          {...form.getInputProps('formationId')}
        />
        <Fieldset legend={t('habilitation.titre.symbols')}>
          <Stack gap="sm">
            {form.values.detentions.map((l, i) => {
              const s = symbole(l.habilitationId);
              const computed = computedEcheance(l.dateObtention, s, setting.data?.recyclageMois);
              const n = i + 1;
              return (
                <Card
                  key={l.key}
                  withBorder
                  padding="sm"
                  component="fieldset"
                  aria-label={t('habilitation.titre.line', { n })}
                  style={{ margin: 0 }}
                >
                  <Stack gap="xs">
                    <Group align="flex-end" wrap="wrap" gap="sm">
                      <Select
                        label={t('habilitation.fields.symbole')}
                        required
                        searchable
                        data={symboleOptions}
                        miw={260}
                        style={{ flex: 1 }}
                        {...form.getInputProps(`detentions.${i}.habilitationId`)}
                      />
                      <DayInput
                        label={t('habilitation.fields.dateObtention')}
                        required
                        w={170}
                        {...dayInputProps(form.getInputProps(`detentions.${i}.dateObtention`))}
                      />
                      <DayInput
                        label={t('habilitation.fields.dateEcheance')}
                        w={190}
                        placeholder={computed ? formatDate(computed) : undefined}
                        {...dayInputProps(form.getInputProps(`detentions.${i}.dateEcheance`))}
                      />
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="lg"
                        aria-label={t('habilitation.titre.removeLine', { n })}
                        disabled={form.values.detentions.length === 1}
                        onClick={() => form.removeListItem('detentions', i)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Group>
                    <Text size="xs" c="dimmed" aria-live="polite">
                      {computed
                        ? t('habilitation.titre.computed', {
                            date: formatDate(computed),
                            mois: s?.recyclageMois ?? setting.data?.recyclageMois ?? 36,
                            source: s?.recyclageMois ? t('habilitation.titre.sourceSymbole') : t('habilitation.titre.sourceEntreprise'),
                          })
                        : t('habilitation.titre.computedNone')}
                    </Text>
                    <SegmentedControl
                      aria-label={t('habilitation.fields.portee')}
                      data={(['site', 'domaine', 'equipement', 'localisation'] as const).map((p) => ({
                        value: p,
                        label: t(`habilitation.portee.${p}`),
                      }))}
                      {...form.getInputProps(`detentions.${i}.portee`)}
                    />
                    {l.portee === 'domaine' && (
                      <TextInput
                        label={t('habilitation.portee.domaineLabel')}
                        description={t('habilitation.portee.domaineHelp')}
                        maxLength={255}
                        {...form.getInputProps(`detentions.${i}.domaine`)}
                      />
                    )}
                    {l.portee === 'equipement' && (
                      // The holding covers this equipment and what it contains.
                      <RemoteSelect
                        label={t('habilitation.portee.equipementLabel')}
                        placeholder={t('process.ref.searchEquipment')}
                        queryKey={(search) => [...habilitationKeys.all, 'equipements', search]}
                        load={equipementChoices}
                        value={l.equipementId}
                        valueName={l.equipementLibelle}
                        onChange={(id, name) => {
                          form.setFieldValue(`detentions.${i}.equipementId`, id);
                          form.setFieldValue(`detentions.${i}.equipementLibelle`, name);
                        }}
                        error={form.errors[`detentions.${i}.equipementId`] as string | undefined}
                      />
                    )}
                    {l.portee === 'localisation' && (
                      <Select
                        label={t('habilitation.portee.localisationLabel')}
                        searchable
                        data={(localisations.data ?? []).map((x) => ({ value: String(x.id), label: x.libelle }))}
                        {...form.getInputProps(`detentions.${i}.localisationId`)}
                      />
                    )}
                    <TextInput
                      label={t('habilitation.fields.restrictions')}
                      maxLength={1000}
                      {...form.getInputProps(`detentions.${i}.restrictions`)}
                    />
                  </Stack>
                </Card>
              );
            })}
            {typeof rootError === 'string' && (
              <Text c="red" size="sm" role="alert">
                {rootError}
              </Text>
            )}
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                onClick={() => form.insertListItem('detentions', newLigne(form.values.dateDelivrance))}
                disabled={form.values.detentions.length >= 50}
              >
                {t('habilitation.titre.addLine')}
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Textarea
          label={t('habilitation.fields.observations')}
          description={t('habilitation.titre.observationsHelp')}
          autosize
          minRows={2}
          maxLength={1000}
          {...form.getInputProps('observations')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {titre ? t('common.save') : t('habilitation.titre.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

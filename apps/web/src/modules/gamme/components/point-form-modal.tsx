import { GAMME_POINT_TYPES, type GammePoint, type GammePointType, thresholdsProblem } from '@app/contracts';
import { Group, MultiSelect, NumberInput, Select, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useWorkflowChoices } from '../../workflow/index.ts';
import { useSavePoint } from '../gamme.queries.ts';
import { EquipementSelect } from './equipement-select.tsx';

type Seuil = number | string;
interface Values {
  nom: string;
  dataType: GammePointType;
  unite: string;
  min: Seuil;
  max: Seuil;
  lowWarning: Seuil;
  highWarning: Seuil;
  obligatoire: boolean;
  equipementId: number | null;
  equipementName: string | null;
  workflows: string[];
  choix: string[];
}

const num = (v: Seuil): number | null => (v === '' || v === null || v === undefined ? null : Number(v));

interface Props {
  opened: boolean;
  gammeId: number;
  /** The point to edit; null to add one. */
  point: GammePoint | null;
  /** Where a new point goes (its idx: the later ones shift), or at the end when null. */
  insertIdx: number | null;
  onClose: () => void;
}

/** Adds a point to a gamme (at the end or before another) or edits one: name, kind, unit, thresholds, equipment. */
export function PointFormModal({ opened, gammeId, point, insertIdx, onClose }: Props) {
  const { t } = useTranslation();
  const save = useSavePoint(gammeId);
  const workflows = useWorkflowChoices();
  const form = useForm<Values>({
    initialValues: {
      nom: '',
      dataType: 'number',
      unite: '',
      min: '',
      max: '',
      lowWarning: '',
      highWarning: '',
      obligatoire: true,
      equipementId: null,
      equipementName: null,
      workflows: [],
      choix: [],
    },
    validate: (v) => {
      const errors: Record<string, string> = {};
      if (!v.nom.trim()) errors.nom = t('gamme.points.nomRequired');
      if (v.dataType === 'number') {
        const problem = thresholdsProblem({
          min: num(v.min),
          max: num(v.max),
          lowWarning: num(v.lowWarning),
          highWarning: num(v.highWarning),
        });
        if (problem) errors.min = problem;
      }
      if (v.dataType === 'select' && v.choix.length === 0) errors.choix = t('gamme.points.choixRequired');
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another point is opened
  useEffect(() => {
    if (!opened) return;
    const options = (point?.propertyValues.options as { libelle?: string }[] | undefined) ?? [];
    form.setValues({
      nom: point?.nom ?? '',
      dataType: point?.dataType ?? 'number',
      unite: point?.unite ?? '',
      min: point?.min ?? '',
      max: point?.max ?? '',
      lowWarning: point?.lowWarning ?? '',
      highWarning: point?.highWarning ?? '',
      obligatoire: point?.obligatoire ?? true,
      equipementId: point?.equipementId ?? null,
      equipementName: point?.equipementName ?? null,
      workflows: (point?.workflowModelsToCreate ?? []).map(String),
      choix: options.map((o) => o.libelle ?? '').filter(Boolean),
    });
    form.clearErrors();
    save.reset();
  }, [opened, point?.id]);

  const submit = (v: Values) => {
    const numeric = v.dataType === 'number';
    const fields = {
      nom: v.nom.trim(),
      dataType: v.dataType,
      unite: numeric ? v.unite.trim() || null : null,
      min: numeric ? num(v.min) : null,
      max: numeric ? num(v.max) : null,
      lowWarning: numeric ? num(v.lowWarning) : null,
      highWarning: numeric ? num(v.highWarning) : null,
      obligatoire: v.obligatoire,
      equipementId: v.equipementId,
      workflowModelsToCreate: v.workflows.map(Number),
      propertyValues: {
        ...(point?.propertyValues ?? {}),
        options: v.dataType === 'select' ? v.choix.map((libelle, i) => ({ id: i + 1, libelle })) : [],
      },
    };
    const input = point
      ? { update: { id: point.id, version: point.version, ...fields } }
      : { create: { gammeId, ...(insertIdx === null ? {} : { idx: insertIdx }), ...fields } };
    save.mutate(input, { onSuccess: onClose });
  };

  const numeric = form.values.dataType === 'number';
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={point ? t('gamme.points.editTitle', { nom: point.nom }) : t('gamme.points.createTitle')}
      noValidate
      onSubmit={form.onSubmit(submit)}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('gamme.points.nom')} required data-autofocus maxLength={255} {...form.getInputProps('nom')} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('gamme.points.type')}
          data={GAMME_POINT_TYPES.map((p) => ({ value: p.code, label: t(`gamme.types.${p.code}`) }))}
          allowDeselect={false}
          {...form.getInputProps('dataType')}
        />
        {numeric && <TextInput label={t('gamme.points.unite')} maxLength={20} {...form.getInputProps('unite')} />}
      </SimpleGrid>
      {numeric && (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <NumberInput label={t('gamme.points.min')} decimalSeparator="," {...form.getInputProps('min')} />
          <NumberInput label={t('gamme.points.lowWarning')} decimalSeparator="," {...form.getInputProps('lowWarning')} />
          <NumberInput label={t('gamme.points.highWarning')} decimalSeparator="," {...form.getInputProps('highWarning')} />
          <NumberInput label={t('gamme.points.max')} decimalSeparator="," {...form.getInputProps('max')} />
        </SimpleGrid>
      )}
      {form.values.dataType === 'select' && (
        <TagsInput label={t('gamme.points.choix')} description={t('gamme.points.choixHint')} {...form.getInputProps('choix')} />
      )}
      <EquipementSelect
        label={t('gamme.points.equipement')}
        value={form.values.equipementId}
        valueName={form.values.equipementName}
        onChange={(id, name) => form.setValues({ equipementId: id, equipementName: name })}
      />
      <MultiSelect
        label={t('gamme.points.workflows')}
        description={t('gamme.points.workflowsHint')}
        data={(workflows.data ?? []).map((w) => ({ value: String(w.id), label: w.libelle }))}
        searchable
        maxValues={10}
        {...form.getInputProps('workflows')}
      />
      <Group>
        <Switch label={t('gamme.points.obligatoire')} {...form.getInputProps('obligatoire', { type: 'checkbox' })} />
      </Group>
    </FormModal>
  );
}

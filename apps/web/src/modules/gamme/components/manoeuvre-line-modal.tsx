import type { EtatManoeuvre, MmManoeuvre } from '@app/contracts';
import { ColorSwatch, Group, NumberInput, Select, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useSaveManoeuvre } from '../gamme.queries.ts';
import { EquipementSelect } from './equipement-select.tsx';

interface Values {
  numero: number | string;
  poste: string;
  equipementId: number | null;
  equipementName: string | null;
  appareil: string;
  operation: string;
  etatManoeuvreId: string | null;
  observations: string;
}

interface Props {
  opened: boolean;
  gammeId: number;
  /** The line to edit; null to add one (numbered max + 1 by the server). */
  line: MmManoeuvre | null;
  /** The number the new line will take (maxNumero + 1), shown in the title. */
  nextNumero: number;
  maxNumero: number;
  etats: EtatManoeuvre[];
  onClose: () => void;
  /** Called with the line saved (the sheet shows the page it is on). */
  onSaved?: (line: MmManoeuvre) => void;
}

const text = (s: string) => s.trim() || null;

/** Adds a line to a manoeuvre sheet or edits one: poste / cellule, appareil, opération, état attendu. */
export function ManoeuvreLineModal({ opened, gammeId, line, nextNumero, maxNumero, etats, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const save = useSaveManoeuvre(gammeId);
  const form = useForm<Values>({
    initialValues: {
      numero: '',
      poste: '',
      equipementId: null,
      equipementName: null,
      appareil: '',
      operation: '',
      etatManoeuvreId: null,
      observations: '',
    },
    validate: (v) => (!v.operation.trim() ? { operation: t('gamme.manoeuvre.operationRequired') } : {}),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another line is opened
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      numero: line?.numero ?? '',
      poste: line?.poste ?? '',
      equipementId: line?.equipementId ?? null,
      equipementName: line?.equipementName ?? null,
      appareil: line?.appareil ?? '',
      operation: line?.operation ?? '',
      etatManoeuvreId: line?.etatManoeuvreId ? String(line.etatManoeuvreId) : null,
      observations: line?.observations ?? '',
    });
    form.clearErrors();
    save.reset();
  }, [opened, line?.id]);

  const submit = (v: Values) => {
    const fields = {
      poste: text(v.poste),
      equipementId: v.equipementId,
      appareil: text(v.appareil),
      operation: text(v.operation),
      etatManoeuvreId: v.etatManoeuvreId ? Number(v.etatManoeuvreId) : null,
      observations: text(v.observations),
    };
    const input = line
      ? {
          update: {
            id: line.id,
            version: line.version,
            ...(Number(v.numero) !== line.numero && v.numero !== '' ? { numero: Number(v.numero) } : {}),
            ...fields,
          },
        }
      : { create: fields };
    save.mutate(input, {
      onSuccess: (saved) => {
        onSaved?.(saved);
        onClose();
      },
    });
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={line ? t('gamme.manoeuvre.editTitle', { numero: line.numero }) : t('gamme.manoeuvre.createTitle', { numero: nextNumero })}
      noValidate
      onSubmit={form.onSubmit(submit)}
      error={save.error}
      submitting={save.isPending}
    >
      {line && (
        <NumberInput
          label={t('gamme.manoeuvre.numero')}
          description={t('gamme.manoeuvre.numeroHint')}
          min={1}
          max={maxNumero}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('numero')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label={t('gamme.manoeuvre.poste')} maxLength={255} data-autofocus {...form.getInputProps('poste')} />
        <TextInput label={t('gamme.manoeuvre.appareil')} maxLength={255} {...form.getInputProps('appareil')} />
      </SimpleGrid>
      <EquipementSelect
        label={t('gamme.manoeuvre.equipement')}
        value={form.values.equipementId}
        valueName={form.values.equipementName}
        onChange={(id, name) => form.setValues({ equipementId: id, equipementName: name })}
      />
      <TextInput label={t('gamme.manoeuvre.operation')} required maxLength={255} {...form.getInputProps('operation')} />
      <Select
        label={t('gamme.manoeuvre.etat')}
        data={etats.map((e) => ({ value: String(e.id), label: e.libelle }))}
        clearable
        clearButtonProps={{ 'aria-label': t('polish.clear') }}
        renderOption={({ option }) => {
          const e = etats.find((x) => String(x.id) === option.value);
          return (
            <Group gap="xs" wrap="nowrap">
              {e?.couleur && <ColorSwatch color={e.couleur} size={12} aria-hidden />}
              {option.label}
            </Group>
          );
        }}
        {...form.getInputProps('etatManoeuvreId')}
      />
      <Textarea label={t('gamme.manoeuvre.observations')} autosize minRows={2} maxLength={2000} {...form.getInputProps('observations')} />
    </FormModal>
  );
}

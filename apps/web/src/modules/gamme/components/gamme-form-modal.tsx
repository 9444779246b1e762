import { type Gamme, GammeSave } from '@app/contracts';
import { NumberInput, Select, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { codeLabel } from '../../../lib/labels.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useCurrentSession } from '../../auth/index.ts';
import { type GammeSaveBody, useSaveGamme } from '../gamme.queries.ts';

const resolve = schemaResolver(GammeSave, { sync: true });

interface Values {
  libelle: string;
  client: string;
  duree: number | string;
  logicielId: string;
}

const payloadOf = (v: Values, gamme: Gamme | null): GammeSaveBody => ({
  ...(gamme ? { id: gamme.id, version: gamme.version } : {}),
  libelle: v.libelle.trim(),
  client: v.client.trim() || null,
  duree: v.duree === '' ? null : Number(v.duree),
  logiciel_id: Number(v.logicielId),
});

interface Props {
  opened: boolean;
  /** The gamme to edit; null to create one (of `logicielId` by default). */
  gamme: Gamme | null;
  logicielId: number | null;
  onClose: () => void;
}

/** Create a gamme or edit its libellé, client, duration and software. */
export function GammeFormModal({ opened, gamme, logicielId, onClose }: Props) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const save = useSaveGamme();
  const form = useForm<Values>({
    initialValues: { libelle: '', client: '', duree: '', logicielId: '' },
    validate: (values) => {
      if (!values.logicielId) return { logicielId: t('gamme.form.logicielRequired') };
      const errors = resolve(payloadOf(values, gamme));
      if (errors.logiciel_id) errors.logicielId = errors.logiciel_id;
      return errors;
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another gamme is opened
  useEffect(() => {
    if (opened) {
      const current = session.logiciels.find((l) => l.code === session.codeLogiciel)?.id ?? session.logiciels[0]?.id ?? null;
      const logiciel = gamme?.logicielId ?? logicielId ?? current;
      form.setValues({
        libelle: gamme?.libelle ?? '',
        client: gamme?.client ?? '',
        duree: gamme?.duree ?? '',
        logicielId: logiciel === null ? '' : String(logiciel),
      });
      form.clearErrors();
      save.reset();
    }
  }, [opened, gamme?.id]);

  const logiciels = session.logiciels.map((l) => ({ value: String(l.id), label: codeLabel(t, 'logiciel', l.code, l.libelle) }));
  if (gamme && !logiciels.some((l) => l.value === String(gamme.logicielId)))
    logiciels.push({ value: String(gamme.logicielId), label: t('gamme.logicielInconnu', { id: gamme.logicielId }) });

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={gamme ? t('gamme.form.editTitle', { libelle: gamme.libelle }) : t('gamme.form.createTitle')}
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate(payloadOf(values, gamme), { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('gamme.fields.libelle')} required data-autofocus maxLength={255} {...form.getInputProps('libelle')} />
      <TextInput label={t('gamme.fields.client')} maxLength={255} {...form.getInputProps('client')} />
      <NumberInput
        label={t('gamme.fields.duree')}
        description={t('gamme.fields.dureeHint')}
        min={0}
        max={100000}
        allowDecimal={false}
        allowNegative={false}
        {...form.getInputProps('duree')}
      />
      <Select label={t('gamme.fields.logiciel')} required data={logiciels} allowDeselect={false} {...form.getInputProps('logicielId')} />
    </FormModal>
  );
}

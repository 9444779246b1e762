import { type Qcm, QcmSave } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Switch, TagsInput, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { qcmKeys } from '../qcm.keys.ts';
import { type QcmSaveBody, useQcmAll, useSaveQcm } from '../qcm.queries.ts';

const resolve = schemaResolver(QcmSave, { sync: true });

interface Values {
  libelle: string;
  symboles: string[];
  actif: boolean;
}
const payloadOf = (v: Values, id?: number): QcmSaveBody => ({
  ...(id ? { id } : {}),
  libelle: v.libelle.trim(),
  symboles: [...new Set(v.symboles.map((s) => s.trim()).filter(Boolean))],
  actif: v.actif,
});

/** Create a quiz, or edit one (libellé, the symbols it assesses, active). */
export function QcmFormModal({ opened, qcm, onClose }: { opened: boolean; qcm: Qcm | null; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useSaveQcm();
  const all = useQcmAll();
  // The company's symbol catalogue (the server refuses a symbol outside it), then those other quizzes assess.
  const catalogue = useQuery({
    queryKey: qcmKeys.catalogue,
    queryFn: ({ signal }) => callApi(API.habilitation.symboles, { query: { actif: 'true' }, signal }),
    staleTime: 5 * 60_000,
  });
  const known = [...new Set([...(catalogue.data ?? []).map((s) => s.code), ...(all.data?.qcms ?? []).flatMap((q) => q.symboles)])];
  const form = useForm<Values>({
    initialValues: { libelle: '', symboles: [], actif: true },
    validate: (values) => resolve(payloadOf(values)),
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only when another quiz is opened
  useEffect(() => {
    if (opened) {
      form.setValues({ libelle: qcm?.libelle ?? '', symboles: qcm?.symboles ?? [], actif: qcm?.actif ?? true });
      form.clearErrors();
      save.reset();
    }
  }, [opened, qcm?.id]);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={qcm ? t('qcm.form.editTitle', { libelle: qcm.libelle }) : t('qcm.form.createTitle')}
      noValidate
      onSubmit={form.onSubmit((values) => save.mutate(payloadOf(values, qcm?.id), { onSuccess: onClose }))}
      error={save.error}
      submitting={save.isPending}
    >
      <TextInput label={t('qcm.fields.libelle')} required data-autofocus maxLength={255} {...form.getInputProps('libelle')} />
      <TagsInput
        label={t('qcm.fields.symboles')}
        description={t('qcm.symbolesHint')}
        data={known}
        maxTags={30}
        splitChars={[',', ';']}
        clearable
        clearButtonProps={{ 'aria-label': t('polish.clear') }}
        {...form.getInputProps('symboles')}
      />
      <Switch label={t('qcm.fields.actif')} {...form.getInputProps('actif', { type: 'checkbox' })} />
    </FormModal>
  );
}

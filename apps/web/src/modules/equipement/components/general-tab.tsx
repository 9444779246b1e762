import { DOMAINES_TENSION, type Equipement } from '@app/contracts';
import * as API from '@app/contracts/api';
import {
  Alert,
  Button,
  ColorInput,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api.ts';
import { DayInput } from '../../../ui/date-fields.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { useChamps, useEquipementMutation } from '../equipement.queries.ts';
import { champsOf, champValue } from '../equipement-champs.ts';

/** Icons an equipment may carry (names of the icon set). */
export const EQUIPEMENT_ICONS = [
  'bolt',
  'building-factory',
  'engine',
  'gauge',
  'air-conditioning',
  'droplet',
  'flame',
  'plug',
  'tool',
  'box',
] as const;

type Values = Record<
  | 'name'
  | 'number'
  | 'rfid'
  | 'unit'
  | 'comment'
  | 'icon'
  | 'color'
  | 'domaineTension'
  | 'etatInitial'
  | 'etatEnCours'
  | 'text1'
  | 'text2'
  | 'text3'
  | 'text4',
  string
>;

const valuesOf = (e: Equipement): Values => ({
  name: e.name,
  number: e.number ?? '',
  rfid: e.rfid ?? '',
  unit: e.unit ?? '',
  comment: e.comment ?? '',
  icon: e.icon ?? '',
  color: e.color ?? '',
  domaineTension: e.domaineTension ?? '',
  etatInitial: e.etatInitial ?? '',
  etatEnCours: e.etatEnCours ?? '',
  text1: champValue(e.text1),
  text2: champValue(e.text2),
  text3: champValue(e.text3),
  text4: champValue(e.text4),
});

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * « Général »: the properties (name, number, RFID, unit, comment, states, icon and colour, voltage domain, the four
 * free fields as their type says), saved with the version read (409: changed meanwhile, reload), the status and the
 * two switches saved at once.
 */
export function GeneralTab({ equipement, onReload }: { equipement: Equipement; onReload: () => void }) {
  const { t } = useTranslation();
  const champs = useChamps();
  const fields = useMemo(() => champsOf(champs.data), [champs.data]);
  const [values, setValues] = useState<Values>(() => valuesOf(equipement));
  const update = useEquipementMutation(API.equipement.update, { silentError: true });
  const status = useEquipementMutation(API.equipement.statusUpdate);
  const hide = useEquipementMutation(API.equipement.updateHideRisquesParent);
  const previous = useEquipementMutation(API.equipement.updateDisplayPrevious);
  const editable = equipement.abilities.update;

  // A new equipment or a new version (after a save or a reload): the form shows what the server holds.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new id or version resets the form
  useEffect(() => {
    setValues(valuesOf(equipement));
    update.reset();
  }, [equipement.id, equipement.version]);

  const set = (k: keyof Values) => (v: string | null) => setValues((s) => ({ ...s, [k]: v ?? '' }));
  const stale = update.isError && isApiError(update.error) && update.error.status === 409;

  const submit = () => {
    update.mutate({
      body: {
        id: equipement.id,
        version: equipement.version,
        name: values.name.trim(),
        number: orNull(values.number),
        rfid: orNull(values.rfid),
        unit: orNull(values.unit),
        comment: orNull(values.comment),
        icon: orNull(values.icon),
        color: orNull(values.color),
        domaineTension: (orNull(values.domaineTension) as Equipement['domaineTension']) ?? null,
        etatInitial: orNull(values.etatInitial),
        etatEnCours: orNull(values.etatEnCours),
        text1: orNull(values.text1),
        text2: orNull(values.text2),
        text3: orNull(values.text3),
        text4: orNull(values.text4),
      },
    });
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack>
        {stale ? (
          <Alert color="orange" role="alert" title={t('equipement.stale.title')}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('equipement.stale.text')}</Text>
              <Button size="xs" variant="light" onClick={onReload}>
                {t('common.reload')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <FormError error={update.isError ? update.error : null} />
        )}
        <Group gap="md" wrap="wrap">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="equipement-status-label">
              {t('equipement.fields.status')}
            </Text>
            <SegmentedControl
              aria-labelledby="equipement-status-label"
              disabled={!editable || status.isPending}
              value={equipement.status}
              onChange={(v) => status.mutate({ body: { id: equipement.id, status: v as Equipement['status'] } })}
              data={[
                { value: 'initial', label: t('equipement.status.initial') },
                { value: 'en_cours', label: t('equipement.status.en_cours') },
              ]}
            />
          </Stack>
          <Switch
            label={t('equipement.fields.hideRisquesParent')}
            disabled={!editable}
            checked={equipement.hideRisquesParent}
            onChange={(e) => hide.mutate({ body: { id: equipement.id, hideRisquesParent: e.currentTarget.checked } })}
          />
          <Switch
            label={t('equipement.fields.displayPrevious')}
            disabled={!editable}
            checked={equipement.displayPrevious}
            onChange={(e) => previous.mutate({ params: { id: equipement.id }, body: { displayPrevious: e.currentTarget.checked } })}
          />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('equipement.fields.name')}
            required
            maxLength={255}
            readOnly={!editable}
            value={values.name}
            onChange={(e) => set('name')(e.currentTarget.value)}
          />
          <TextInput
            label={t('equipement.fields.number')}
            maxLength={100}
            readOnly={!editable}
            value={values.number}
            onChange={(e) => set('number')(e.currentTarget.value)}
          />
          <TextInput
            label={t('equipement.fields.rfid')}
            maxLength={100}
            readOnly={!editable}
            value={values.rfid}
            onChange={(e) => set('rfid')(e.currentTarget.value)}
          />
          <TextInput
            label={t('equipement.fields.unit')}
            maxLength={100}
            readOnly={!editable}
            value={values.unit}
            onChange={(e) => set('unit')(e.currentTarget.value)}
          />
          <TextInput
            label={t('equipement.fields.etatInitial')}
            maxLength={255}
            readOnly={!editable}
            value={values.etatInitial}
            onChange={(e) => set('etatInitial')(e.currentTarget.value)}
          />
          <TextInput
            label={t('equipement.fields.etatEnCours')}
            maxLength={255}
            readOnly={!editable}
            value={values.etatEnCours}
            onChange={(e) => set('etatEnCours')(e.currentTarget.value)}
          />
          <Select
            label={t('equipement.fields.domaineTension')}
            readOnly={!editable}
            clearable
            clearButtonProps={{ 'aria-label': t('polish.clear') }}
            data={DOMAINES_TENSION.map((d) => ({ value: d, label: t(`equipement.tension.${d}`) }))}
            value={values.domaineTension || null}
            onChange={set('domaineTension')}
          />
          <Select
            label={t('equipement.fields.icon')}
            readOnly={!editable}
            clearable
            clearButtonProps={{ 'aria-label': t('polish.clear') }}
            data={[...new Set([...EQUIPEMENT_ICONS, ...(values.icon ? [values.icon] : [])])]}
            value={values.icon || null}
            onChange={set('icon')}
          />
          <ColorInput
            label={t('equipement.fields.color')}
            readOnly={!editable}
            format="hex"
            withEyeDropper={false}
            swatches={['#c92a2a', '#e67700', '#2b8a3e', '#1864ab', '#5f3dc4', '#495057']}
            value={values.color}
            onChange={set('color')}
          />
          {fields.map((f) =>
            f.kind === 'date' ? (
              <DayInput key={f.code} label={f.libelle} readOnly={!editable} value={values[f.code] || null} onChange={set(f.code)} />
            ) : f.kind === 'select' ? (
              <Select
                key={f.code}
                label={f.libelle}
                readOnly={!editable}
                clearable
                clearButtonProps={{ 'aria-label': t('polish.clear') }}
                // A value stored before the options changed stays readable.
                data={[...new Set([...f.options, ...(values[f.code] ? [values[f.code]] : [])])]}
                value={values[f.code] || null}
                onChange={set(f.code)}
              />
            ) : (
              <TextInput
                key={f.code}
                label={f.libelle}
                maxLength={2000}
                readOnly={!editable}
                value={values[f.code]}
                onChange={(e) => set(f.code)(e.currentTarget.value)}
              />
            ),
          )}
        </SimpleGrid>
        <Textarea
          label={t('equipement.fields.comment')}
          autosize
          minRows={2}
          maxLength={2000}
          readOnly={!editable}
          value={values.comment}
          onChange={(e) => set('comment')(e.currentTarget.value)}
        />
        {editable && (
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={!values.name.trim()}>
              {t('common.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}

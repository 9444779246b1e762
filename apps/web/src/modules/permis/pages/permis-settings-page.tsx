import { SURVEILLANCE_BORNES, VALIDITE_BORNES } from '@app/contracts';
import { Alert, Button, Group, NumberInput, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility } from '../../auth/index.ts';
import { usePermisSetting, useSavePermisSetting } from '../permis.queries.ts';

type Field = 'surveillanceMinutes' | 'controleIntervalleMinutes' | 'validiteHeures';
type Values = Record<Field, number | string>;
const { minMinutes, maxMinutes, minIntervalle, maxIntervalle } = SURVEILLANCE_BORNES;
const { minHeures, maxHeures } = VALIDITE_BORNES;
const BOUNDS: Record<Field, [number, number]> = {
  surveillanceMinutes: [minMinutes, maxMinutes],
  controleIntervalleMinutes: [minIntervalle, maxIntervalle],
  validiteHeures: [minHeures, maxHeures],
};

/**
 * What is wrong with each field (a whole number within its bounds; the interval not longer than the watch; the default
 * validity of a permit from 1 to 72 hours).
 */
export function settingErrors(v: Values): Partial<Record<Field, 'range' | 'intervalTooLong'>> {
  const out: Partial<Record<Field, 'range' | 'intervalTooLong'>> = {};
  for (const f of Object.keys(BOUNDS) as Field[]) {
    const n = v[f];
    if (typeof n !== 'number' || !Number.isInteger(n) || n < BOUNDS[f][0] || n > BOUNDS[f][1]) out[f] = 'range';
  }
  if (!out.surveillanceMinutes && !out.controleIntervalleMinutes && Number(v.controleIntervalleMinutes) > Number(v.surveillanceMinutes)) {
    out.controleIntervalleMinutes = 'intervalTooLong';
  }
  return out;
}

/**
 * /app/parametres-permis: the post-work fire watch of hot-work permits (duration, check interval) and the default
 * validity of a permit recorded without an end; asks before saving.
 */
export function PermisSettingsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const setting = usePermisSetting();
  const save = useSavePermisSetting(t('permis.settings.saved'));
  const readOnly = !ability.can('update', 'EntrepriseSetting');
  const [values, setValues] = useState<Values | null>(null);
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (setting.data && values === null) setValues({ ...setting.data });
  }, [setting.data, values]);

  const errors = values ? settingErrors(values) : {};
  const err = (f: Field) => {
    const e = touched ? errors[f] : undefined;
    if (e === 'range') return t('permis.settings.range', { min: BOUNDS[f][0], max: BOUNDS[f][1] });
    if (e === 'intervalTooLong') return t('permis.settings.intervalTooLong');
    return undefined;
  };
  const count =
    values && !Object.keys(errors).length ? Math.ceil(Number(values.surveillanceMinutes) / Number(values.controleIntervalleMinutes)) : null;

  return (
    <Stack gap={0} maw={720}>
      <PageHeader title={t('permis.settings.title')} />
      <QueryState query={setting}>
        {!values ? (
          <Skeleton h={240} aria-label={t('common.loading')} />
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setTouched(true);
              if (!Object.keys(errors).length) setConfirming(true);
            }}
          >
            <Stack>
              <Alert variant="light" color="blue">
                {t('permis.settings.intro')}
              </Alert>
              <FormError error={save.error} />
              <Group grow align="flex-start" wrap="wrap">
                <NumberInput
                  label={t('permis.settings.surveillanceMinutes')}
                  min={minMinutes}
                  max={maxMinutes}
                  allowDecimal={false}
                  readOnly={readOnly}
                  value={values.surveillanceMinutes}
                  onChange={(v) => setValues({ ...values, surveillanceMinutes: v })}
                  error={err('surveillanceMinutes')}
                  miw={220}
                />
                <NumberInput
                  label={t('permis.settings.controleIntervalleMinutes')}
                  min={minIntervalle}
                  max={maxIntervalle}
                  allowDecimal={false}
                  readOnly={readOnly}
                  value={values.controleIntervalleMinutes}
                  onChange={(v) => setValues({ ...values, controleIntervalleMinutes: v })}
                  error={err('controleIntervalleMinutes')}
                  miw={220}
                />
              </Group>
              {count !== null && (
                <Text size="sm" c="gray.7">
                  {t('permis.settings.checksCount', { count })}
                </Text>
              )}
              <NumberInput
                label={t('permis.settings.validiteHeures')}
                description={t('permis.settings.validiteHint')}
                min={minHeures}
                max={maxHeures}
                allowDecimal={false}
                readOnly={readOnly}
                value={values.validiteHeures}
                onChange={(v) => setValues({ ...values, validiteHeures: v })}
                error={err('validiteHeures')}
                maw={340}
              />
              {readOnly ? (
                <Text size="sm" c="gray.7">
                  {t('permis.settings.readOnly')}
                </Text>
              ) : (
                <Group justify="flex-end">
                  <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
                    {t('common.save')}
                  </Button>
                </Group>
              )}
            </Stack>
          </form>
        )}
      </QueryState>
      <ConfirmModal
        opened={confirming}
        title={t('permis.settings.confirmTitle')}
        message={`${t('permis.settings.confirmText', {
          duree: values?.surveillanceMinutes ?? '',
          intervalle: values?.controleIntervalleMinutes ?? '',
        })} ${t('permis.settings.confirmValidite', { count: Number(values?.validiteHeures ?? 0) })}`}
        confirmLabel={t('permis.settings.confirm')}
        color="blue"
        loading={save.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          values &&
          save.mutate(
            {
              surveillanceMinutes: Number(values.surveillanceMinutes),
              controleIntervalleMinutes: Number(values.controleIntervalleMinutes),
              validiteHeures: Number(values.validiteHeures),
            },
            { onSuccess: () => setConfirming(false), onError: () => setConfirming(false) },
          )
        }
      />
    </Stack>
  );
}

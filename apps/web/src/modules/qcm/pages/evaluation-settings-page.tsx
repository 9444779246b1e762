import { METHOD_CODES, type MethodCode } from '@app/contracts';
import { Alert, Button, Group, NumberInput, Paper, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BackLink } from '../../../ui/back-link.tsx';
import { FormError } from '../../../ui/form-error.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility } from '../../auth/index.ts';
import { useEvaluationSetting, useSaveEvaluationSetting } from '../qcm.queries.ts';

interface Values {
  seuilReussite: number | string;
  nbQuestions: number | string;
  dureeMinutes: number | string;
  methodCode: MethodCode;
}
type NumberField = 'seuilReussite' | 'nbQuestions' | 'dureeMinutes';
const BOUNDS: Record<NumberField, [number, number]> = { seuilReussite: [0, 100], nbQuestions: [1, 200], dureeMinutes: [1, 600] };

/** Why a number field cannot be saved (whole number within its bounds), or null. */
function invalid(field: NumberField, v: number | string): boolean {
  const [min, max] = BOUNDS[field];
  return typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max;
}

/** /app/parametres-evaluations: pass mark, number of questions drawn, duration, scoring method (each explained). */
export function EvaluationSettingsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const setting = useEvaluationSetting();
  const save = useSaveEvaluationSetting();
  const readOnly = !ability.can('update', 'Qcm');
  const [values, setValues] = useState<Values | null>(null);
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (setting.data && values === null) setValues({ ...setting.data });
  }, [setting.data, values]);

  const errors = values ? (Object.keys(BOUNDS) as NumberField[]).filter((f) => invalid(f, values[f])) : [];
  const err = (f: NumberField) =>
    touched && errors.includes(f) ? t('qcm.settings.range', { min: BOUNDS[f][0], max: BOUNDS[f][1] }) : undefined;
  const submit = () => {
    setTouched(true);
    if (!values || errors.length) return;
    save.mutate({
      seuilReussite: Number(values.seuilReussite),
      nbQuestions: Number(values.nbQuestions),
      dureeMinutes: Number(values.dureeMinutes),
      methodCode: values.methodCode,
    });
  };

  return (
    <Stack gap={0} maw={720}>
      <BackLink to="/app/qcm" label={t('qcm.backToBank')} />
      <PageHeader title={t('qcm.settings.title')} />
      <QueryState query={setting}>
        {!values ? (
          <Skeleton h={320} aria-label={t('common.loading')} />
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              submit();
            }}
          >
            <Stack>
              <Alert variant="light" color="blue">
                {t('qcm.settings.intro')}
              </Alert>
              <FormError error={save.error} />
              <Group grow align="flex-start" wrap="wrap">
                <NumberInput
                  label={t('qcm.settings.seuilReussite')}
                  description={t('qcm.settings.seuilHint')}
                  min={0}
                  max={100}
                  allowDecimal={false}
                  suffix=" %"
                  readOnly={readOnly}
                  value={values.seuilReussite}
                  onChange={(v) => setValues({ ...values, seuilReussite: v })}
                  error={err('seuilReussite')}
                  miw={200}
                />
                <NumberInput
                  label={t('qcm.settings.nbQuestions')}
                  description={t('qcm.settings.nbQuestionsHint')}
                  min={1}
                  max={200}
                  allowDecimal={false}
                  readOnly={readOnly}
                  value={values.nbQuestions}
                  onChange={(v) => setValues({ ...values, nbQuestions: v })}
                  error={err('nbQuestions')}
                  miw={200}
                />
                <NumberInput
                  label={t('qcm.settings.dureeMinutes')}
                  min={1}
                  max={600}
                  allowDecimal={false}
                  readOnly={readOnly}
                  value={values.dureeMinutes}
                  onChange={(v) => setValues({ ...values, dureeMinutes: v })}
                  error={err('dureeMinutes')}
                  miw={200}
                />
              </Group>
              <Radio.Group
                label={t('qcm.settings.methodCode')}
                value={values.methodCode}
                onChange={(v) => setValues({ ...values, methodCode: v as MethodCode })}
                readOnly={readOnly}
              >
                <Stack gap="xs" mt="xs">
                  {METHOD_CODES.map((code) => (
                    <Paper key={code} withBorder p="sm" radius="md">
                      <Radio
                        value={code}
                        label={t(`qcm.methods.${code}.label`)}
                        description={t(`qcm.methods.${code}.help`)}
                        disabled={readOnly}
                      />
                    </Paper>
                  ))}
                </Stack>
              </Radio.Group>
              {!readOnly && (
                <Group justify="flex-end">
                  <Button type="submit" leftSection={<IconDeviceFloppy size={16} />} loading={save.isPending}>
                    {t('common.save')}
                  </Button>
                </Group>
              )}
              {readOnly && (
                <Text size="sm" c="dimmed">
                  {t('qcm.settings.readOnly')}
                </Text>
              )}
            </Stack>
          </form>
        )}
      </QueryState>
    </Stack>
  );
}

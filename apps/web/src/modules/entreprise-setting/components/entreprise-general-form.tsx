import type { EntrepriseSettings } from '@app/contracts';
import { Button, Card, Group, MultiSelect, Select, Stack, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../lib/language-name.ts';
import { useUpdateEntrepriseSetting } from '../entreprise-setting.queries.ts';

const LANGUAGES = ['fr', 'en', 'de', 'es', 'it', 'nl', 'pt'];

function timeZones(current: string): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return Array.from(new Set(['Europe/Paris', current, ...all]));
}

/** Languages, default language and time zone of the company. */
export function EntrepriseGeneralForm({ data, readOnly }: { data: EntrepriseSettings; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateEntrepriseSetting();
  const setting = data.entreprise.setting;
  const form = useForm({
    initialValues: {
      languageCodes: setting.languageCodes,
      languageCode: setting.languageCode,
      timezone: setting.timezone,
    },
    validate: {
      languageCodes: (v) => (v.length > 0 ? null : t('parametres.languagesRequired')),
      languageCode: (v, values) => (values.languageCodes.includes(v) ? null : t('parametres.defaultLanguageInvalid')),
    },
  });
  const langData = Array.from(new Set([...LANGUAGES, ...setting.languageCodes])).map((c) => ({
    value: c,
    label: languageName(c),
  }));

  return (
    <Card withBorder component="section" aria-labelledby="parametres-general">
      <form noValidate onSubmit={form.onSubmit((setting) => update.mutate({ setting }))}>
        <Stack>
          <Title order={2} size="h4" id="parametres-general">
            {t('parametres.general')}
          </Title>
          <MultiSelect label={t('parametres.languages')} data={langData} disabled={readOnly} {...form.getInputProps('languageCodes')} />
          <Select
            label={t('parametres.defaultLanguage')}
            data={langData.filter((l) => form.values.languageCodes.includes(l.value))}
            allowDeselect={false}
            disabled={readOnly}
            {...form.getInputProps('languageCode')}
          />
          <Select
            label={t('parametres.timezone')}
            data={timeZones(setting.timezone)}
            searchable
            allowDeselect={false}
            disabled={readOnly}
            {...form.getInputProps('timezone')}
          />
          {!readOnly && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

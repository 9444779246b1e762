import type { EntrepriseSettings } from '@app/contracts';
import { Badge, Button, Card, Group, SimpleGrid, Stack, Switch, TagsInput, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useUpdateEntrepriseLogiciel } from '../entreprise-setting.queries.ts';

type EntrepriseLogiciel = EntrepriseSettings['entrepriseLogiciels'][number];

const SWITCHES = [
  'equipment.specificRights',
  'equipment.filter',
  'provider.isShowFournisseurs',
  'provider.isShowPermissionLists',
  'agenda.enabled',
  'stock.enabled',
  'process.isWideSpacePictogram',
] as const;

/** One software of the company: active switch (only when licensed) and its display options. */
export function EntrepriseLogicielCard({ logiciel, readOnly }: { logiciel: EntrepriseLogiciel; readOnly: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateEntrepriseLogiciel();
  const form = useForm({ initialValues: { active: logiciel.active, display: logiciel.setting.display } });
  const headingId = `logiciel-${logiciel.id}`;
  const locked = readOnly || !logiciel.enable;

  return (
    <Card withBorder component="section" aria-labelledby={headingId}>
      <form
        noValidate
        onSubmit={form.onSubmit((v) =>
          update.mutate({ id: logiciel.id, active: logiciel.enable ? v.active : false, setting: { display: v.display } }),
        )}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={3} size="h5" id={headingId}>
              {logiciel.libelle}
            </Title>
            {!logiciel.enable && <Badge color="gray">{t('parametres.notLicensed')}</Badge>}
          </Group>
          <Switch
            label={t('parametres.active', { libelle: logiciel.libelle })}
            disabled={locked}
            {...form.getInputProps('active', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {SWITCHES.map((path) => (
              <Switch
                key={path}
                size="xs"
                label={t(`parametres.display.${path}`)}
                disabled={locked}
                {...form.getInputProps(`display.${path}`, { type: 'checkbox' })}
              />
            ))}
          </SimpleGrid>
          <TextInput
            label={t('parametres.display.equipment.customName')}
            disabled={locked}
            value={form.values.display.equipment.customName ?? ''}
            onChange={(e) => form.setFieldValue('display.equipment.customName', e.currentTarget.value || null)}
          />
          <TagsInput
            label={t('parametres.display.menu.hiddenSlugs')}
            disabled={locked}
            {...form.getInputProps('display.menu.hiddenSlugs')}
          />
          {!locked && (
            <Group justify="flex-end">
              <Button type="submit" size="xs" loading={update.isPending}>
                {t('common.save')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

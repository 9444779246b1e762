import { Alert, SimpleGrid, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useAbility } from '../../auth/index.ts';
import { EntrepriseGeneralForm } from '../components/entreprise-general-form.tsx';
import { EntrepriseLogicielCard } from '../components/entreprise-logiciel-card.tsx';
import { useEntrepriseSettings } from '../entreprise-setting.queries.ts';

/** /app/parametres: the company's languages, time zone and softwares. */
export function EntrepriseSettingPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const settings = useEntrepriseSettings();
  const readOnly = !ability.can('update', 'EntrepriseSetting');

  return (
    <Stack>
      <PageHeader title={t('parametres.title')} />
      {settings.isPending ? (
        <Stack aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height={220} />
          <Skeleton height={160} />
        </Stack>
      ) : settings.isError ? (
        <QueryError error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <>
          {readOnly && (
            <Alert variant="light" color="gray">
              {t('parametres.readOnly')}
            </Alert>
          )}
          <EntrepriseGeneralForm key={settings.dataUpdatedAt} data={settings.data} readOnly={readOnly} />
          <Title order={2} size="h4">
            {t('parametres.logiciels')}
          </Title>
          {settings.data.entrepriseLogiciels.length === 0 ? (
            <Alert variant="light">{t('parametres.noLogiciel')}</Alert>
          ) : (
            <SimpleGrid cols={{ base: 1, lg: 2 }}>
              {settings.data.entrepriseLogiciels.map((l) => (
                <EntrepriseLogicielCard key={`${l.id}-${settings.dataUpdatedAt}`} logiciel={l} readOnly={readOnly} />
              ))}
            </SimpleGrid>
          )}
        </>
      )}
    </Stack>
  );
}

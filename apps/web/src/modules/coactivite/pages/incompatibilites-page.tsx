import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility } from '../../auth/index.ts';
import { useMatrice } from '../coactivite.queries.ts';
import { IncompatibilityMatrix } from '../components/incompatibility-matrix.tsx';
import { WorkflowActivitesTable } from '../components/workflow-activites.tsx';

/** /app/incompatibilites: the company's coactivité matrix (activity × activity → decision) and its workflows' activities. */
export function IncompatibilitesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const matrice = useMatrice();
  const canUpdate = ability.can('update', 'EntrepriseSetting');
  return (
    <Stack gap="md">
      <PageHeader title={t('coactivite.matrice.title')} />
      <Text size="sm">{t('coactivite.matrice.help')}</Text>
      {!canUpdate && (
        <Alert color="gray" variant="light">
          {t('coactivite.matrice.readOnly')}
        </Alert>
      )}
      <QueryState query={matrice}>
        {!matrice.data ? (
          <Skeleton height={400} aria-busy="true" aria-label={t('common.loading')} />
        ) : (
          <>
            <IncompatibilityMatrix activites={matrice.data.activites} regles={matrice.data.regles} canUpdate={canUpdate} />
            <Title order={2} size="h4" mt="md">
              {t('coactivite.matrice.workflows')}
            </Title>
            <Text size="sm">{t('coactivite.matrice.workflowsHelp')}</Text>
            <WorkflowActivitesTable workflows={matrice.data.workflows} canUpdate={canUpdate} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}

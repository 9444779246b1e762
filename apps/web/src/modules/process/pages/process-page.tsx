import { Alert, Anchor, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { useCodeLabel } from '../../../lib/labels.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { ProcessForm } from '../components/process-form.tsx';
import { ProcessHeader } from '../components/process-header.tsx';
import { FilesTab, JournalTab, SubProcessTab } from '../components/process-tabs.tsx';
import { StepTimeline } from '../components/step-timeline.tsx';
import { useProcess, useProcessModele } from '../process.queries.ts';
import { flatten, stepViews } from '../process.util.ts';

/**
 * Where « back » leads: the list the process was opened from (with its filters), else the process list when it is
 * in the person's menu, else the home (an external company's person has only lists: /app/processus is not theirs).
 */
function useBackLink(): { to: string; label: string } {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const from = (useLocation().state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/app/listes/')) return { to: from, label: t('review.backToListe') };
  const menu = [...session.menuItems, ...session.menuItemsEE];
  if (session.isSupperAdmin || menu.some((m) => m.slug === 'processus')) return { to: '/app/processus', label: t('process.backToList') };
  return { to: '/app', label: t('review.backToHome') };
}

/** /app/processus/:id: header, step timeline, the current step's form and actions, files, journal, sub-processes. */
export function ProcessPage() {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const { id } = useParams();
  const processId = Number(id);
  const ability = useAbility();
  const session = useCurrentSession();
  const process = useProcess(Number.isInteger(processId) ? processId : 0);
  const models = useProcessModele(process.data ? processId : 0);
  const [tab, setTab] = useState<string | null>('formulaire');
  const modele = models.data;
  const allFields = useMemo(() => flatten((modele?.etapes ?? []).flatMap((e) => e.metriques)), [modele]);

  const backLink = useBackLink();
  const back = (
    <Anchor component={Link} to={backLink.to} size="sm" mb="xs" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
      <IconArrowLeft size={14} /> {backLink.label}
    </Anchor>
  );
  if (!Number.isInteger(processId) || processId <= 0 || (process.isError && isApiError(process.error) && process.error.status === 404)) {
    return (
      <Stack>
        {back}
        <Alert color="gray" variant="light" role="alert">
          {t('process.notFound')}
        </Alert>
      </Stack>
    );
  }
  if (process.isError) {
    return (
      <Stack>
        {back}
        <QueryError error={process.error} onRetry={() => process.refetch()} />
      </Stack>
    );
  }
  if (!process.data) {
    return (
      <Stack aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={120} />
        <Skeleton height={300} />
      </Stack>
    );
  }
  const p = process.data;
  const canUpdate = ability.can('update', 'Process') && p.abilities?.update !== false;
  // A contractor fills and signs its steps of a client's process; deactivating it is the client's.
  const ownProcess = p.entrepriseId === undefined || p.entrepriseId === session.idCompany;

  return (
    <Stack gap={0}>
      {back}
      <ProcessHeader process={p} canUpdate={canUpdate && ownProcess} />
      {models.isError &&
        (isApiError(models.error) && models.error.status === 404 ? (
          <Alert color="orange" variant="light" mb="md">
            {t('process.noModel')}
          </Alert>
        ) : (
          <QueryError error={models.error} onRetry={() => models.refetch()} />
        ))}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <StepTimeline steps={stepViews(p, codeLabel)} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          <Tabs value={tab} onChange={setTab}>
            <Tabs.List mb="md">
              <Tabs.Tab value="formulaire">{t('process.tabs.form')}</Tabs.Tab>
              <Tabs.Tab value="fichiers">{t('process.tabs.files')}</Tabs.Tab>
              <Tabs.Tab value="journal">{t('process.tabs.journal')}</Tabs.Tab>
              <Tabs.Tab value="sous-processus">{t('process.tabs.tree')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="formulaire">
              <ProcessForm process={p} modele={modele} />
            </Tabs.Panel>
            <Tabs.Panel value="fichiers">
              <FilesTab process={p} fields={allFields} />
            </Tabs.Panel>
            <Tabs.Panel value="journal">
              <JournalTab process={p} />
            </Tabs.Panel>
            <Tabs.Panel value="sous-processus">
              <SubProcessTab process={p} canCreate={ability.can('create', 'Process')} />
            </Tabs.Panel>
          </Tabs>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

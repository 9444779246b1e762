import { displayNumero, estConsignation, type ProcessModele } from '@app/contracts';
import { Alert, Anchor, Grid, Skeleton, Stack, Tabs } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { memo, startTransition, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { isApiError } from '../../../lib/api.ts';
import { useCodeLabel } from '../../../lib/labels.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDataInTransition } from '../../../lib/ready-in-transition.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { CoactivitePanel } from '../../coactivite/index.ts';
import { LockoutTab } from '../../consignation/index.ts';
import { ProcessHabilitations } from '../../habilitation/index.ts';
import { PermisTab } from '../../permis/index.ts';
import { ProcessForm } from '../components/process-form.tsx';
import { ProcessHeader } from '../components/process-header.tsx';
import { FilesTab, JournalTab, SubProcessTab } from '../components/process-tabs.tsx';
import { StepTimeline } from '../components/step-timeline.tsx';
import { processKeys } from '../process.keys.ts';
import { type ProcessData, useProcess, useProcessModele } from '../process.queries.ts';
import { flatten, shortProcessName, stepViews } from '../process.util.ts';

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

const TabForm = memo(ProcessForm);
const TabFiles = memo(FilesTab);
const TabJournal = memo(JournalTab);
const TabTree = memo(SubProcessTab);
const TabPermis = memo(PermisTab);
const TabLockout = memo(LockoutTab);

/**
 * The process's tabs. A tab's content is mounted on its first visit (its data loads then) and kept: coming back
 * shows it at once. The choice of tab lives here and the contents are memoised, so a click re-renders the tab
 * list only, not the form nor the journal (docs/DECISIONS.md, « Interactions »).
 */
function ProcessTabs({
  process: p,
  modele,
  canCreate,
  canUpdate,
}: {
  process: ProcessData;
  modele: ProcessModele | undefined;
  canCreate: boolean;
  canUpdate: boolean;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // A work permit (software permis, ticket 15) has a tab for its permit: validity, signatures, fire watch.
  const isPermis = p.processModele.package === 'permis';
  // A lockout (ticket 15): its state, operations, points and padlocks, attestation — the consignation module's tab.
  const lockout = estConsignation({ package: p.processModele.package, typeConsignation: p.typeConsignation });
  const [tab, setTab] = useState<Tab>('formulaire');
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set(['formulaire']));
  // An act on the permit or the lockout changes the process (its state, its journal): read it again.
  const processChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: processKeys.one(p.id) }), [queryClient, p.id]);
  const allFields = useMemo(() => flatten((modele?.etapes ?? []).flatMap((e) => e.metriques)), [modele]);
  const choose = (next: string | null) => {
    if (!isTab(next)) return;
    setTab(next);
    // A first visit mounts the tab's content after the tab shows as chosen: the click paints at once.
    if (!visited.has(next)) startTransition(() => setVisited((old) => new Set([...old, next])));
  };
  return (
    <Tabs value={tab} onChange={choose}>
      <Tabs.List mb="md">
        <Tabs.Tab value="formulaire">{t('process.tabs.form')}</Tabs.Tab>
        {isPermis && <Tabs.Tab value="permis">{t('permis.tab')}</Tabs.Tab>}
        {lockout && <Tabs.Tab value="consignation">{t('process.tabs.lockout')}</Tabs.Tab>}
        <Tabs.Tab value="fichiers">{t('process.tabs.files')}</Tabs.Tab>
        <Tabs.Tab value="journal">{t('process.tabs.journal')}</Tabs.Tab>
        <Tabs.Tab value="sous-processus">{t('process.tabs.tree')}</Tabs.Tab>
      </Tabs.List>
      {isPermis && (
        <Tabs.Panel value="permis">
          {visited.has('permis') && <TabPermis processId={p.id} canUpdate={canUpdate} onChanged={processChanged} />}
        </Tabs.Panel>
      )}
      <Tabs.Panel value="formulaire">{visited.has('formulaire') && <TabForm process={p} modele={modele} />}</Tabs.Panel>
      {lockout && (
        <Tabs.Panel value="consignation">
          {visited.has('consignation') && <TabLockout processId={p.id} canUpdate={canUpdate} onChanged={processChanged} />}
        </Tabs.Panel>
      )}
      <Tabs.Panel value="fichiers">{visited.has('fichiers') && <TabFiles process={p} fields={allFields} />}</Tabs.Panel>
      <Tabs.Panel value="journal">{visited.has('journal') && <TabJournal process={p} />}</Tabs.Panel>
      <Tabs.Panel value="sous-processus">{visited.has('sous-processus') && <TabTree process={p} canCreate={canCreate} />}</Tabs.Panel>
    </Tabs>
  );
}
const TABS = ['formulaire', 'permis', 'consignation', 'fichiers', 'journal', 'sous-processus'] as const;
type Tab = (typeof TABS)[number];
const isTab = (v: string | null): v is Tab => (TABS as readonly (string | null)[]).includes(v);

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
  // The screen, then the workflow's fields, first rendered in a transition, in slices (issue 16): the skeleton, then
  // the « loading » line of the form, stay until they are ready.
  const data = useDataInTransition(process.data);
  const modele = useDataInTransition(models.data);
  const steps = useMemo(() => (data ? stepViews(data, codeLabel) : []), [data, codeLabel]);
  // « N° 4 — Soudure de la cuve… · Sécurité des sites » once the process is known.
  usePageTitle(data ? t('process.header.title', { numero: displayNumero(data.numero), nom: shortProcessName(data.nomProcess) }) : null);

  const backLink = useBackLink();
  const back = (
    // 44 px high on a touch screen (the shell's `touch-target`, theme.css): a link on its own line, not in a sentence.
    <Anchor
      component={Link}
      to={backLink.to}
      size="sm"
      mb="xs"
      display="inline-flex"
      mod="touch-target"
      style={{ alignItems: 'center', gap: 4 }}
    >
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
  if (!data) {
    return (
      <Stack aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton height={120} />
        <Skeleton height={300} />
      </Stack>
    );
  }
  const p = data;
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
          <StepTimeline steps={steps} />
          {/* A habilitation request (software mh): the symbols it grants, to whom, once validated (ticket 14). */}
          {p.processModele.package === 'mh' && (
            <ProcessHabilitations processId={p.id} canUpdate={canUpdate && ownProcess && p.etat !== 'termine'} />
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {/* A lockout or permit: its conflicts with the others in progress on the same equipment or zone (ticket 15). */}
          {(p.processModele.package === 'mc' || p.processModele.package === 'permis') && (
            <CoactivitePanel processId={p.id} canUpdate={canUpdate && ownProcess && p.etat === 'en_cours'} />
          )}
          <ProcessTabs process={p} modele={modele} canCreate={ability.can('create', 'Process')} canUpdate={canUpdate && ownProcess} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

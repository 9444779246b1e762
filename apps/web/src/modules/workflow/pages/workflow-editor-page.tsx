import { instance, type Metrique } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Alert, Anchor, Badge, Button, Grid, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconLock, IconLockOpen } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCodeLabel } from '../../../lib/labels.ts';
import { useNearViewport } from '../../../lib/near-viewport.ts';
import { notifyError } from '../../../lib/notify.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { useDataInTransition } from '../../../lib/ready-in-transition.ts';
import { useRenderedCount } from '../../../lib/rendered-count.ts';
import { QueryError } from '../../../ui/query-error.tsx';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { type DragPayload, EditorContext, type EditorState } from '../components/editor-context.ts';
import { EditorIconDefs } from '../components/editor-icons.tsx';
import { EtapeList } from '../components/etape-list.tsx';
import { EtapePreview } from '../components/etape-preview.tsx';
import { EtapeRules } from '../components/etape-rules.tsx';
import { EtapeSettings } from '../components/etape-settings.tsx';
import { MetriqueList } from '../components/metrique-list.tsx';
import { MetriquePalette } from '../components/metrique-palette.tsx';
import { MetriqueProperties } from '../components/metrique-properties.tsx';
import { WorkflowSettings } from '../components/workflow-settings.tsx';
import { useWorkflowMutation, useWorkflowsForEdition } from '../workflow.queries.ts';
import { flattenTree, typeLabel } from '../workflow-editor.util.ts';

/** Height kept for the step's column until it is built (its settings alone are taller). */
const COLUMN_PLACEHOLDER = 320;

/** /app/workflows/:id: steps, fields, properties, step rules and preview of one workflow model. */
export function WorkflowEditorPage() {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const { id } = useParams();
  const session = useCurrentSession();
  const ability = useAbility();
  const models = useWorkflowsForEdition();
  const [etapeId, setEtapeId] = useState<number | null>(null);
  const [metriqueId, setMetriqueId] = useState<number | null>(null);
  const [drag, setDrag] = useState<DragPayload | null>(null);
  const lock = useWorkflowMutation(API.workflow.lock);
  const assign = useWorkflowMutation(API.workflow.assignMetrique);
  const insert = useWorkflowMutation(API.workflow.insertMetrique);
  const createAction = useWorkflowMutation(API.workflow.createActionMetrique);

  // The editor first rendered in a transition, in slices (issue 16); the skeleton stays until it is ready.
  const workflows = useDataInTransition(models.data);
  const model = workflows?.find((m) => m.id === Number(id));
  const etapes = useMemo(() => [...(model?.etapes ?? [])].sort((a, b) => a.ordre - b.ordre), [model]);
  const etape = etapes.find((e) => e.id === etapeId) ?? etapes[0] ?? null;
  const metrique: Metrique | null = (etape && flattenTree(etape.metriques).find((m) => m.id === metriqueId)) || null;
  usePageTitle(model?.libelle);
  // The selected step's column (issue 16: the screen was ~1 500 elements written in one task): beside the steps and
  // the palette on a wide screen, in two commits after them (its settings, then its tabs); under them on a phone,
  // built when the user scrolls towards it or the focus enters the editor.
  const [columnRef, columnNear, showColumn] = useNearViewport<HTMLDivElement>();
  const stepColumn = useRenderedCount(workflows && columnNear ? 2 : 0, 0, 1);

  if (models.isError) return <QueryError error={models.error} onRetry={() => models.refetch()} />;
  if (!workflows) {
    return (
      <Stack aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton h={36} w="40%" />
        <Skeleton h={320} />
      </Stack>
    );
  }
  if (!model) {
    return (
      <Alert color="orange" title={t('workflow.notFound')}>
        <Anchor component={Link} to="/app/workflows">
          {t('workflow.backToList')}
        </Anchor>
      </Alert>
    );
  }

  const mayUpdate =
    model.abilities?.update ?? ability.can('update', instance('ProcessModele', { id: model.id, entrepriseId: session.idCompany }));
  const canEdit = mayUpdate && !model.locked;

  const addField = (targetEtapeId: number, code: string, idx: number | null) => {
    const nom = typeLabel(code, codeLabel);
    const onSuccess = (m: Metrique) => {
      setEtapeId(targetEtapeId);
      setMetriqueId(m.id);
    };
    if (code === 'action_button') {
      const target = model.config.workflowModelsToCreate[0];
      if (!target) return notifyError(new Error(t('workflow.actionNeedsTarget')));
      return createAction.mutate({ body: { etapeId: targetEtapeId, nom, processModeleId: target } }, { onSuccess });
    }
    if (idx === null) assign.mutate({ body: { etapeId: targetEtapeId, nom, dataType: code } }, { onSuccess });
    else insert.mutate({ body: { etapeId: targetEtapeId, nom, dataType: code, idx } }, { onSuccess });
  };

  const state: EditorState = {
    model,
    canEdit,
    etape,
    selectEtape: (e) => {
      setEtapeId(e);
      setMetriqueId(null);
    },
    metrique,
    selectMetrique: setMetriqueId,
    drag,
    setDrag,
    addField,
  };

  return (
    <EditorContext.Provider value={state}>
      <EditorIconDefs />
      <Stack gap="md" onFocus={columnNear ? undefined : showColumn}>
        <Group justify="space-between" wrap="wrap">
          <Group gap="sm">
            <ActionIcon component={Link} to="/app/workflows" variant="subtle" size="lg" aria-label={t('workflow.backToList')}>
              <IconArrowLeft size={20} />
            </ActionIcon>
            <Title order={1} size="h2">
              {model.libelle}
            </Title>
            {model.locked && (
              <Badge color="orange" variant="light" leftSection={<IconLock size={12} />}>
                {t('workflow.locked')}
              </Badge>
            )}
          </Group>
          {mayUpdate && (
            <Button
              variant="default"
              leftSection={model.locked ? <IconLockOpen size={16} /> : <IconLock size={16} />}
              loading={lock.isPending}
              onClick={() => lock.mutate({ body: { id: model.id, locked: !model.locked } })}
            >
              {model.locked ? t('workflow.unlock') : t('workflow.lock')}
            </Button>
          )}
        </Group>
        {model.locked && (
          <Alert color="orange" variant="light" icon={<IconLock />}>
            {t('workflow.lockedHelp')}
          </Alert>
        )}
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 3 }}>
            <Stack>
              <EtapeList etapes={etapes} />
              <MetriquePalette />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 9 }}>
            {stepColumn === 0 ? (
              <div ref={columnRef} style={{ minHeight: COLUMN_PLACEHOLDER }} />
            ) : etape ? (
              <Stack>
                <EtapeSettings key={etape.id} etape={etape} />
                {stepColumn > 1 && (
                  <Tabs defaultValue="champs" keepMounted={false}>
                    <Tabs.List>
                      <Tabs.Tab value="champs">{t('workflow.tabs.champs')}</Tabs.Tab>
                      <Tabs.Tab value="regles">{t('workflow.tabs.regles')}</Tabs.Tab>
                      <Tabs.Tab value="apercu">{t('workflow.tabs.apercu')}</Tabs.Tab>
                      <Tabs.Tab value="workflow">{t('workflow.tabs.workflow')}</Tabs.Tab>
                    </Tabs.List>
                    <Tabs.Panel value="champs" pt="md">
                      <Grid>
                        <Grid.Col span={{ base: 12, lg: 6 }}>
                          <MetriqueList etape={etape} />
                        </Grid.Col>
                        <Grid.Col span={{ base: 12, lg: 6 }}>
                          {metrique ? (
                            <MetriqueProperties key={`${metrique.id}-${model.version}`} metrique={metrique} />
                          ) : (
                            <Text c="dimmed" size="sm">
                              {t('workflow.selectField')}
                            </Text>
                          )}
                        </Grid.Col>
                      </Grid>
                    </Tabs.Panel>
                    <Tabs.Panel value="regles" pt="md">
                      <EtapeRules etape={etape} />
                    </Tabs.Panel>
                    <Tabs.Panel value="apercu" pt="md">
                      <EtapePreview key={etape.id} etape={etape} />
                    </Tabs.Panel>
                    <Tabs.Panel value="workflow" pt="md">
                      <WorkflowSettings key={model.version} />
                    </Tabs.Panel>
                  </Tabs>
                )}
              </Stack>
            ) : (
              <Text c="dimmed">{t('workflow.noEtape')}</Text>
            )}
          </Grid.Col>
        </Grid>
      </Stack>
    </EditorContext.Provider>
  );
}

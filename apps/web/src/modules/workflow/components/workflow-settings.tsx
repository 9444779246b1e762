import * as API from '@app/contracts/api';
import { Button, Card, Group, MultiSelect, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { useWorkflowMutation, useWorkflowsForEdition } from '../workflow.queries.ts';
import { useEditor } from './editor-context.ts';

/** Name, package and the workflows this one may create (action buttons); saved with the version read (409 if stale). */
export function WorkflowSettings() {
  const { t } = useTranslation();
  const { model, canEdit } = useEditor();
  const models = useWorkflowsForEdition();
  const update = useWorkflowMutation(API.workflow.update);
  const [libelle, setLibelle] = useState(model.libelle);
  const [pkg, setPkg] = useState(model.package ?? '');
  const [toCreate, setToCreate] = useState(model.config.workflowModelsToCreate.map(String));
  const others = (models.data ?? []).filter((m) => m.id !== model.id).map((m) => ({ value: String(m.id), label: m.libelle }));

  return (
    <Card withBorder padding="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            {
              body: {
                id: model.id,
                libelle: libelle.trim(),
                package: pkg.trim() || null,
                config: { ...model.config, workflowModelsToCreate: toCreate.map(Number) },
                version: model.version,
              },
            },
            { onSuccess: () => notifySuccess() },
          );
        }}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('workflow.settings')}
          </Title>
          <TextInput
            label={t('workflow.fields.libelle')}
            value={libelle}
            onChange={(e) => setLibelle(e.currentTarget.value)}
            disabled={!canEdit}
          />
          <TextInput label={t('workflow.fields.package')} value={pkg} onChange={(e) => setPkg(e.currentTarget.value)} disabled={!canEdit} />
          <MultiSelect
            label={t('workflow.toCreate')}
            description={t('workflow.toCreateHelp')}
            data={others}
            value={toCreate}
            onChange={setToCreate}
            disabled={!canEdit}
            searchable
          />
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending} disabled={libelle.trim().length < 2}>
                {t('workflow.saveSettings')}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

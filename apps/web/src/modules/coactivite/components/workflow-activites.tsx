import { ACTIVITE_LABELS, ACTIVITES, type ActiviteCode, type WorkflowActivites } from '@app/contracts';
import { Button, Group, MultiSelect, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSaveWorkflowActivites } from '../coactivite.queries.ts';

const OPTIONS = ACTIVITES.map((a) => ({ value: a, label: ACTIVITE_LABELS[a] }));

/** One lockout or permit workflow and the activities its processes carry, saved with its button. */
function WorkflowRow({ w, canUpdate }: { w: WorkflowActivites; canUpdate: boolean }) {
  const { t } = useTranslation();
  const save = useSaveWorkflowActivites();
  const [value, setValue] = useState<string[]>(w.activites);
  const changed = value.join() !== w.activites.join();
  return (
    <Table.Tr>
      <Table.Th scope="row">{w.libelle}</Table.Th>
      <Table.Td>
        <Group gap="xs" wrap="nowrap" align="flex-end">
          <MultiSelect
            flex={1}
            aria-label={t('coactivite.matrice.workflowActivites', { libelle: w.libelle })}
            data={OPTIONS}
            value={value}
            disabled={!canUpdate}
            onChange={setValue}
            clearable
          />
          {canUpdate && (
            <Button
              size="sm"
              disabled={!changed}
              loading={save.isPending}
              onClick={() =>
                save.mutate(
                  { processModeleId: w.processModeleId, activites: value as ActiviteCode[] },
                  { onSuccess: () => notifySuccess(t('coactivite.matrice.workflowSaved')), onError: notifyError },
                )
              }
            >
              {t('coactivite.matrice.save')}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/** The company's lockout and permit workflows with their activities. */
export function WorkflowActivitesTable({ workflows, canUpdate }: { workflows: readonly WorkflowActivites[]; canUpdate: boolean }) {
  const { t } = useTranslation();
  if (!workflows.length) return <Text size="sm">{t('coactivite.matrice.workflowsEmpty')}</Text>;
  return (
    <Stack gap="xs">
      <Table withTableBorder verticalSpacing="xs" aria-label={t('coactivite.matrice.workflows')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('coactivite.matrice.workflow')}</Table.Th>
            <Table.Th scope="col">{t('coactivite.panel.activites')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {workflows.map((w) => (
            <WorkflowRow key={`${w.processModeleId}:${w.activites.join()}`} w={w} canUpdate={canUpdate} />
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

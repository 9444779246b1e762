import { TYPE_CONSIGNATION } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi } from '../../../lib/api.ts';
import { codeLabel } from '../../../lib/labels.ts';
import { messageOfError } from '../../../lib/notify.ts';
import { DateTimeInput } from '../../../ui/date-fields.tsx';
import { useWorkflowChoices } from '../../workflow/index.ts';
import { processKeys } from '../process.keys.ts';
import { localToIso } from '../process.util.ts';

interface ProcessCreateModalProps {
  opened: boolean;
  onClose: () => void;
  /** Creates a sub-process of this one. */
  parentId?: number;
  /** Restricts the workflows offered (e.g. the ones a process may spawn). */
  workflowIds?: readonly number[];
}

/** Creation dialog: the workflow, a name and the planned dates; the new process then opens. */
export function ProcessCreateModal({ opened, onClose, parentId, workflowIds }: ProcessCreateModalProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const workflows = useWorkflowChoices();
  const [modeleId, setModeleId] = useState<string | null>(null);
  const [nom, setNom] = useState('');
  const [debut, setDebut] = useState('');
  const [fin, setFin] = useState('');
  const [type, setType] = useState<string | null>(null);
  // A lockout (workflow of the « mc » software) is created with its type de consignation (the server requires it).
  const lockout = (workflows.data ?? []).find((w) => String(w.id) === modeleId)?.package === 'mc';
  const create = useMutation({
    mutationFn: () =>
      callApi(API.process.createV3, {
        body: {
          processModeleId: Number(modeleId),
          nomProcess: nom.trim() || undefined,
          dateDebut: localToIso(debut),
          dateFin: localToIso(fin),
          parentId: parentId ?? undefined,
          typeConsignation: lockout && type ? Number(type) : undefined,
        },
      }),
    onSuccess: (p) => {
      void queryClient.invalidateQueries({ queryKey: processKeys.all });
      close();
      void navigate(`/app/processus/${p.id}`);
    },
  });
  const close = () => {
    setModeleId(null);
    setNom('');
    setDebut('');
    setFin('');
    setType(null);
    create.reset();
    onClose();
  };
  const datesWrong = Boolean(debut && fin && fin < debut);
  const data = (workflows.data ?? [])
    .filter((w) => !workflowIds || workflowIds.includes(w.id))
    .map((w) => ({ value: String(w.id), label: w.libelle }));

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={parentId ? t('process.create.childTitle') : t('process.create.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (modeleId && !datesWrong && !(lockout && !type)) create.mutate();
        }}
      >
        <Stack>
          <Select
            label={t('process.fields.workflow')}
            data={data}
            value={modeleId}
            onChange={setModeleId}
            searchable
            required
            placeholder={workflows.isPending ? t('common.loading') : t('process.create.chooseWorkflow')}
            nothingFoundMessage={t('common.nothingFound')}
            error={workflows.isError ? messageOfError(workflows.error) : undefined}
            data-autofocus
            // The whole list of workflows, without a scrolling box inside the listbox (a box that scrolls must be reachable
            // from the keyboard, and a listbox may hold only options: axe scrollable-region-focusable, aria-required-children).
            withScrollArea={false}
          />
          {lockout && (
            <Select
              label={t('processHeader.typeConsignation')}
              description={t('processHeader.typeConsignationHelp')}
              data={Object.keys(TYPE_CONSIGNATION).map((value) => ({
                value,
                label: `${value} — ${codeLabel(t, 'typeConsignation', value)}`,
              }))}
              value={type}
              onChange={setType}
              required
              allowDeselect={false}
            />
          )}
          <TextInput
            label={t('process.fields.nomProcess')}
            description={t('process.create.nameHelp')}
            value={nom}
            maxLength={200}
            onChange={(e) => setNom(e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateTimeInput label={t('process.fields.dateDebut')} value={debut} onChange={(v) => setDebut(v ?? '')} />
            <DateTimeInput
              label={t('process.fields.dateFin')}
              value={fin}
              onChange={(v) => setFin(v ?? '')}
              error={datesWrong ? t('process.create.datesWrong') : undefined}
            />
          </SimpleGrid>
          {create.isError && (
            <Alert color="red" variant="light" role="alert">
              {messageOfError(create.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!modeleId || datesWrong || (lockout && !type)}>
              {t('process.create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

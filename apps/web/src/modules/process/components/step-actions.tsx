import * as API from '@app/contracts/api';
import { Button, Checkbox, Text, Textarea } from '@mantine/core';
import { IconArrowBackUp, IconPlayerSkipForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { type ProcessData, useProcessAction } from '../process.queries.ts';
import type { StepView } from '../process.util.ts';

interface StepActionsProps {
  process: ProcessData;
  step: StepView;
  isFirst: boolean;
  disabled: boolean;
  onFailure: (e: unknown) => void;
  onDone: () => void;
}

/** Renvoyer (to the previous step, with a motif; asks first) and Passer l'étape (where the model allows it). */
export function StepActions({ process: p, step, isFirst, disabled, onFailure, onDone }: StepActionsProps) {
  const { t } = useTranslation();
  const back = useProcessAction(API.process.returnStep, p.id);
  const forward = useProcessAction(API.process.forwardStep, p.id);
  const [returning, setReturning] = useState(false);
  const [forwarding, setForwarding] = useState(false);
  const [motif, setMotif] = useState('');
  const [keepStep, setKeepStep] = useState(false);

  const submitReturn = () =>
    back.mutate(
      { body: { id: p.id, keepStep, motif: motif.trim() || undefined } },
      {
        onSuccess: () => {
          setReturning(false);
          setMotif('');
          setKeepStep(false);
          onDone();
          notifySuccess(t('process.actions.returned'));
        },
        onError: (e) => {
          setReturning(false);
          onFailure(e);
        },
      },
    );
  const submitForward = () =>
    forward.mutate(
      { body: { id: p.id } },
      {
        onSuccess: () => {
          setForwarding(false);
          onDone();
          notifySuccess(t('process.actions.forwarded'));
        },
        onError: (e) => {
          setForwarding(false);
          onFailure(e);
        },
      },
    );

  return (
    <>
      {step.canReturn && !isFirst && (
        <Button
          variant="light"
          color="orange"
          leftSection={<IconArrowBackUp size={16} />}
          disabled={disabled}
          onClick={() => setReturning(true)}
        >
          {t('process.actions.return')}
        </Button>
      )}
      {step.canForward && (
        <Button variant="light" leftSection={<IconPlayerSkipForward size={16} />} disabled={disabled} onClick={() => setForwarding(true)}>
          {t('process.actions.forward')}
        </Button>
      )}
      <FormModal
        opened={returning}
        onClose={() => setReturning(false)}
        title={t('process.actions.returnTitle')}
        centered
        onSubmit={submitReturn}
        submitLabel={t('process.actions.confirmReturn')}
        submitColor="orange"
        submitting={back.isPending}
      >
        <Text size="sm">{t('process.actions.returnText', { nom: step.nom })}</Text>
        <Textarea
          label={t('process.actions.motif')}
          value={motif}
          maxLength={1000}
          autosize
          minRows={2}
          onChange={(e) => setMotif(e.currentTarget.value)}
          data-autofocus
        />
        <Checkbox
          label={t('process.actions.keepStep')}
          description={t('process.actions.keepStepHelp')}
          checked={keepStep}
          onChange={(e) => setKeepStep(e.currentTarget.checked)}
        />
      </FormModal>
      <ConfirmModal
        opened={forwarding}
        title={t('process.actions.forwardTitle')}
        message={t('process.actions.forwardText', { nom: step.nom })}
        confirmLabel={t('process.actions.forward')}
        color="blue"
        loading={forward.isPending}
        onClose={() => setForwarding(false)}
        onConfirm={submitForward}
      />
    </>
  );
}

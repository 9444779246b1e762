import { type Etape, timeRulesOf } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Button, Card, Fieldset, Group, NumberInput, Stack, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../lib/notify.ts';
import { FitTextarea } from '../../../ui/fit-textarea.tsx';
import { LockoutStepInput, lockoutStepOf } from '../../consignation/index.ts';
import { RequiredSymbolsInput, requiredSymbolsOf } from '../../habilitation/index.ts';
import { useWorkflowMutation } from '../workflow.queries.ts';
import { useEditor } from './editor-context.ts';

/** Name and behaviour of the selected step (skip ahead, send back, description, time rules). */
export function EtapeSettings({ etape }: { etape: Etape }) {
  const { t } = useTranslation();
  const { canEdit, model } = useEditor();
  const update = useWorkflowMutation(API.workflow.etapeUpdate);
  const [nom, setNom] = useState(etape.nom);
  const [canForward, setCanForward] = useState(Boolean(etape.config.canForward));
  const [canReturn, setCanReturn] = useState(etape.config.canReturn !== false);
  const [description, setDescription] = useState(etape.config.description ?? '');
  // Habilitations required of the signers (ticket 14): any one suffices, the server's gate checks it at signature.
  const [requis, setRequis] = useState<string[]>(requiredSymbolsOf(etape.config));
  // A lockout workflow's step (ticket 15): its NF C18-510 role and the lockout state its validation leads to.
  const lockoutWorkflow = model.package === 'mc';
  const savedLockout = lockoutStepOf(etape.config);
  const [lockout, setLockout] = useState(savedLockout);
  const rules = timeRulesOf(etape.config);
  const [afterStart, setAfterStart] = useState(Boolean(rules.afterStart));
  const [beforeEnd, setBeforeEnd] = useState(Boolean(rules.beforeEnd));
  const [wait, setWait] = useState<string | number>(rules.minutesAfterPrevious ?? '');
  const minutes = wait === '' ? null : Number(wait);
  const waitWrong = minutes !== null && (!Number.isInteger(minutes) || minutes < 1 || minutes > 10080);
  const timeRules = { afterStart, beforeEnd, minutesAfterPrevious: minutes };
  const dirty =
    afterStart !== Boolean(rules.afterStart) ||
    beforeEnd !== Boolean(rules.beforeEnd) ||
    minutes !== (rules.minutesAfterPrevious ?? null) ||
    nom.trim() !== etape.nom ||
    canForward !== Boolean(etape.config.canForward) ||
    canReturn !== (etape.config.canReturn !== false) ||
    description !== (etape.config.description ?? '') ||
    requis.join(',') !== requiredSymbolsOf(etape.config).join(',') ||
    lockout.roleConsignation !== savedLockout.roleConsignation ||
    lockout.transitionConsignation !== savedLockout.transitionConsignation ||
    lockout.operationConsignation !== savedLockout.operationConsignation;

  return (
    <Card withBorder padding="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          update.mutate(
            {
              body: {
                id: etape.id,
                nom: nom.trim(),
                config: {
                  canForward,
                  canReturn,
                  description,
                  timeRules,
                  habilitationsRequises: requis,
                  ...(lockoutWorkflow ? lockout : {}),
                },
              },
            },
            { onSuccess: () => notifySuccess() },
          );
        }}
      >
        <Stack gap="xs">
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('workflow.etapeNom')}
              value={nom}
              onChange={(e) => setNom(e.currentTarget.value)}
              disabled={!canEdit}
              style={{ flex: 1, minWidth: 200 }}
            />
            <Switch
              label={t('workflow.canForward')}
              checked={canForward}
              onChange={(e) => setCanForward(e.currentTarget.checked)}
              disabled={!canEdit}
            />
            <Switch
              label={t('workflow.canReturn')}
              checked={canReturn}
              onChange={(e) => setCanReturn(e.currentTarget.checked)}
              disabled={!canEdit}
            />
          </Group>
          <FitTextarea
            label={t('workflow.etapeDescription')}
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            disabled={!canEdit}
            minRows={1}
            maxRows={4}
          />
          <RequiredSymbolsInput value={requis} onChange={setRequis} disabled={!canEdit} />
          {lockoutWorkflow && (
            <LockoutStepInput
              value={lockout}
              onChange={setLockout}
              requiredSymbols={requis}
              onRequiredSymbols={setRequis}
              disabled={!canEdit}
            />
          )}
          <Fieldset legend={t('processHeader.timeRules.title')} variant="filled" p="xs">
            <Group align="flex-end" wrap="wrap">
              <Switch
                label={t('processHeader.timeRules.afterStart')}
                checked={afterStart}
                onChange={(e) => setAfterStart(e.currentTarget.checked)}
                disabled={!canEdit}
              />
              <Switch
                label={t('processHeader.timeRules.beforeEnd')}
                checked={beforeEnd}
                onChange={(e) => setBeforeEnd(e.currentTarget.checked)}
                disabled={!canEdit}
              />
              <NumberInput
                label={t('processHeader.timeRules.wait')}
                description={t('processHeader.timeRules.waitHelp')}
                min={1}
                max={10080}
                allowDecimal={false}
                value={wait}
                onChange={setWait}
                disabled={!canEdit}
                w={260}
                error={waitWrong ? t('processHeader.timeRules.waitWrong') : undefined}
              />
            </Group>
          </Fieldset>
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" size="xs" disabled={!dirty || !nom.trim() || waitWrong} loading={update.isPending}>
                {t('workflow.saveEtape', { name: etape.nom })}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

import {
  type ConsignationDetail,
  ETAT_CONSIGNATION_LABELS,
  MODE_CONSIGNATION_LABELS,
  MODES_CONSIGNATION,
  type ModeConsignation,
} from '@app/contracts';
import * as API from '@app/contracts/api';
import { Alert, Button, Card, Group, Modal, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { ModalActions } from '../../../ui/modal-actions.tsx';
import { useLockoutWrite } from '../consignation.queries.ts';
import { formatInstant } from '../consignation-format.ts';
import { RegisterChip } from './register-chip.tsx';

type Transition = ConsignationDetail['transitions'][number];

/** The states before anything is padlocked: the mode may still change. */
const MODE_EDITABLE: readonly ConsignationDetail['etat'][] = ['demande', 'preparee'];

interface Props {
  detail: ConsignationDetail;
  canEdit: boolean;
  onChanged?: () => void;
}

/**
 * The lockout's state as the company names it (its code's chip), its mode, and the moves it may make now: one button
 * each, asked for confirmation (with an optional motif, journaled); a move the rules refuse stays visible, disabled,
 * with its reason in French — and a refusal of the server (a padlock put on meanwhile) shows in the dialog.
 */
export function LockoutState({ detail: d, canEdit, onChanged }: Props) {
  const { t } = useTranslation();
  const [asked, setAsked] = useState<Transition | null>(null);
  const [motif, setMotif] = useState('');
  const reasonBase = useId();
  const transition = useLockoutWrite(
    d.processId,
    (body: { etat: Transition['etat']; motif?: string }) =>
      callApi(API.consignation.transition, { body: { processId: d.processId, ...body } }),
    onChanged,
  );
  const mode = useLockoutWrite(
    d.processId,
    (m: ModeConsignation) => callApi(API.consignation.update, { body: { processId: d.processId, mode: m } }),
    onChanged,
  );
  const close = () => {
    setAsked(null);
    setMotif('');
    transition.reset();
  };
  const chipLabel = d.code?.libelle ?? d.etatLibelle;

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={`${reasonBase}-title`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={2} size="h4" id={`${reasonBase}-title`}>
            {t('consignation.state.title')}
          </Title>
          <RegisterChip
            code={d.code?.code ?? null}
            libelle={chipLabel}
            couleur={d.code?.couleur ?? null}
            icone={d.code?.icone ?? null}
            size="lg"
          />
        </Group>
        <Text size="sm">
          {t('consignation.state.etat', { etat: d.etatLibelle || ETAT_CONSIGNATION_LABELS[d.etat] })}
          {d.consigneeAt && ` · ${t('consignation.state.consigneeAt', { at: formatInstant(d.consigneeAt) })}`}
          {d.deconsigneeAt && ` · ${t('consignation.state.deconsigneeAt', { at: formatInstant(d.deconsigneeAt) })}`}
        </Text>
        <Group gap="sm" wrap="wrap" align="center">
          <Text size="sm" fw={600} id={`${reasonBase}-mode`}>
            {t('consignation.state.mode')}
          </Text>
          {canEdit && MODE_EDITABLE.includes(d.etat) ? (
            <SegmentedControl
              aria-labelledby={`${reasonBase}-mode`}
              data={MODES_CONSIGNATION.map((m) => ({ value: m, label: MODE_CONSIGNATION_LABELS[m] }))}
              value={d.mode}
              disabled={mode.isPending}
              onChange={(m) =>
                mode.mutate(m as ModeConsignation, {
                  onSuccess: () => notifySuccess(t('consignation.state.modeSaved')),
                  onError: notifyError,
                })
              }
            />
          ) : (
            <Text size="sm">{MODE_CONSIGNATION_LABELS[d.mode]}</Text>
          )}
        </Group>
        {d.transitions.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('consignation.state.final')}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('consignation.state.moves')}>
            {d.transitions.map((tr) => {
              const reasonId = `${reasonBase}-${tr.etat}`;
              const refused = !tr.autorisee;
              return (
                <li key={tr.etat}>
                  <Group gap="sm" wrap="wrap" align="flex-start">
                    <Button
                      variant={refused ? 'default' : 'light'}
                      rightSection={<IconArrowRight size={16} aria-hidden />}
                      disabled={!canEdit || refused}
                      aria-describedby={refused && tr.raison ? reasonId : undefined}
                      onClick={() => setAsked(tr)}
                    >
                      {tr.code
                        ? t('consignation.state.moveCode', { libelle: tr.libelle, code: tr.code })
                        : t('consignation.state.move', { libelle: tr.libelle })}
                    </Button>
                    {refused && tr.raison && (
                      <Text size="sm" c="red.9" id={reasonId} style={{ flex: '1 1 240px' }}>
                        {tr.raison}
                      </Text>
                    )}
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
        {!canEdit && d.transitions.length > 0 && (
          <Alert color="gray" variant="light">
            {t('consignation.state.readOnly')}
          </Alert>
        )}
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': t('common.close') }}
        opened={asked !== null}
        onClose={close}
        title={t('consignation.state.confirmTitle', { libelle: asked?.libelle ?? '' })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!asked) return;
            transition.mutate(
              { etat: asked.etat, ...(motif.trim() ? { motif: motif.trim() } : {}) },
              {
                onSuccess: () => {
                  notifySuccess(t('consignation.state.moved', { libelle: asked.libelle }));
                  close();
                },
              },
            );
          }}
        >
          <Stack>
            <FormError error={transition.error} />
            <Text size="sm">
              {t('consignation.state.confirmText', {
                from: d.etatLibelle,
                to: asked?.libelle ?? '',
              })}
            </Text>
            <Textarea
              label={t('consignation.state.motif')}
              description={t('consignation.state.motifHelp')}
              value={motif}
              onChange={(e) => setMotif(e.currentTarget.value)}
              maxLength={4000}
              autosize
              minRows={2}
            />
            <ModalActions onCancel={close} submitLabel={t('consignation.state.confirm')} loading={transition.isPending} />
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}

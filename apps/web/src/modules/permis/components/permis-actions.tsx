import { formatFull, type Permis, zonedInstant } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { IconCalendarPlus, IconCircleCheck, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError, notifySuccess } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { DateTimeInput } from '../../../ui/date-fields.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { usePermisAction } from '../permis.queries.ts';
import { formatDateTime } from '../permis-time.ts';
import { SignedDialog } from './signed-dialog.tsx';

type Dialog = 'start' | 'extend' | 'suspend' | 'resume' | 'close' | 'cancel' | null;

/** A date-time field's value (yyyy-MM-dd HH:mm:ss, Europe/Paris wall clock) → ISO 8601, null when none or invalid. */
export function wallToIso(v: string | null): string | null {
  if (!v) return null;
  const [day, time] = v.split(' ');
  return zonedInstant(day ?? '', (time ?? '00:00').slice(0, 5));
}

/** Two hours after an instant, as a date-time field's value: the proposed new end of an extension. */
function proposedEnd(fin: string): string {
  return formatFull(new Date(Date.parse(fin) + 2 * 3_600_000));
}

interface Props {
  permis: Permis;
  canUpdate: boolean;
  onChanged?: () => void;
}

/**
 * The permit's actions the server allows now (its `actions`): commencer, prolonger (new end, motif, signature),
 * suspendre (motif), reprendre, clore (refused while the fire watch holds it), annuler (motif). Each asks first.
 */
export function PermisActions({ permis: p, canUpdate, onChanged }: Props) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [motif, setMotif] = useState('');
  const [touched, setTouched] = useState(false);
  const [newEnd, setNewEnd] = useState<string | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const id = p.processId;
  const start = usePermisAction(API.permis.start, id, onChanged);
  const extend = usePermisAction(API.permis.extend, id, onChanged);
  const suspend = usePermisAction(API.permis.suspend, id, onChanged);
  const resume = usePermisAction(API.permis.resume, id, onChanged);
  const closeP = usePermisAction(API.permis.close, id, onChanged);
  const cancel = usePermisAction(API.permis.cancel, id, onChanged);
  const all = [start, extend, suspend, resume, closeP, cancel];

  if (!canUpdate) return null;
  const can = (a: Permis['actions'][number]) => p.actions.includes(a);
  const watchHolds = p.surveillance !== null && !p.surveillance.terminee;
  const open = (d: Dialog) => {
    setMotif('');
    setTouched(false);
    setImage(null);
    setNewEnd(d === 'extend' ? proposedEnd(p.dateFin) : null);
    for (const m of all) m.reset();
    setDialog(d);
  };
  const shut = () => setDialog(null);
  const done = (message: string) => ({
    onSuccess: () => {
      notifySuccess(message);
      shut();
    },
  });
  const motifError = touched && !motif.trim() ? t('permis.motifRequired') : undefined;
  const endIso = wallToIso(newEnd);
  const endError = !touched
    ? undefined
    : !endIso
      ? t('permis.extend.newEndRequired')
      : Date.parse(endIso) <= Date.parse(p.dateFin)
        ? t('permis.extend.newEndAfter')
        : undefined;
  const withMotif = (run: () => void) => () => {
    setTouched(true);
    if (motif.trim()) run();
  };
  const motifField = (label: string) => (
    <Textarea
      label={label}
      required
      value={motif}
      maxLength={1000}
      autosize
      minRows={2}
      error={motifError}
      onChange={(e) => setMotif(e.currentTarget.value)}
      data-autofocus
    />
  );
  const version = p.version;

  return (
    <>
      <Group gap="sm" wrap="wrap" role="group" aria-label={t('permis.actions.title')}>
        {can('demarrer') && (
          <Button leftSection={<IconPlayerPlay size={16} />} onClick={() => open('start')}>
            {t('permis.actions.start')}
          </Button>
        )}
        {can('prolonger') && (
          <Button variant="light" leftSection={<IconCalendarPlus size={16} />} onClick={() => open('extend')}>
            {t('permis.actions.extend')}
          </Button>
        )}
        {can('suspendre') && (
          <Button variant="light" color="orange" leftSection={<IconPlayerPause size={16} />} onClick={() => open('suspend')}>
            {t('permis.actions.suspend')}
          </Button>
        )}
        {can('reprendre') && (
          <Button variant="light" leftSection={<IconPlayerPlay size={16} />} onClick={() => open('resume')}>
            {t('permis.actions.resume')}
          </Button>
        )}
        {can('clore') && (
          <Button
            color="teal"
            leftSection={<IconCircleCheck size={16} />}
            disabled={watchHolds}
            aria-describedby={watchHolds ? 'permis-closure-reasons' : undefined}
            onClick={() => open('close')}
          >
            {t('permis.actions.close')}
          </Button>
        )}
        {can('annuler') && (
          <Button variant="subtle" color="red" leftSection={<IconX size={16} />} onClick={() => open('cancel')}>
            {t('permis.actions.cancel')}
          </Button>
        )}
      </Group>

      <ConfirmModal
        opened={dialog === 'start'}
        title={t('permis.actions.startTitle')}
        message={t('permis.actions.startText')}
        confirmLabel={t('permis.actions.start')}
        color="blue"
        loading={start.isPending}
        error={start.error ? messageOfError(start.error) : null}
        onClose={shut}
        onConfirm={() => start.mutate({ body: { processId: id, version } }, done(t('permis.actions.done')))}
      />

      <SignedDialog
        opened={dialog === 'extend'}
        title={t('permis.extend.title')}
        text={t('permis.extend.text', { fin: formatDateTime(p.dateFin) })}
        padLabel={t('permis.extend.pad')}
        submitLabel={t('permis.extend.submit')}
        submitting={extend.isPending}
        error={extend.error}
        image={image}
        onImage={setImage}
        onClose={shut}
        onSubmit={(img) => {
          setTouched(true);
          if (!endIso || Date.parse(endIso) <= Date.parse(p.dateFin) || !motif.trim()) return;
          extend.mutate(
            { body: { processId: id, dateFin: endIso, motif: motif.trim(), image: img, version } },
            done(t('permis.extend.done', { fin: formatDateTime(endIso) })),
          );
        }}
      >
        <DateTimeInput label={t('permis.extend.newEnd')} required value={newEnd} onChange={setNewEnd} error={endError} />
        {motifField(t('permis.extend.motif'))}
      </SignedDialog>

      <FormModal
        opened={dialog === 'suspend'}
        onClose={shut}
        title={t('permis.suspend.title')}
        centered
        noValidate
        error={suspend.error}
        submitLabel={t('permis.suspend.submit')}
        submitColor="orange"
        submitting={suspend.isPending}
        onSubmit={withMotif(() =>
          suspend.mutate({ body: { processId: id, motif: motif.trim(), version } }, done(t('permis.suspend.done'))),
        )}
      >
        <Text size="sm">{t('permis.suspend.text')}</Text>
        {motifField(t('permis.suspend.motif'))}
      </FormModal>

      <FormModal
        opened={dialog === 'resume'}
        onClose={shut}
        title={t('permis.resume.title')}
        centered
        noValidate
        error={resume.error}
        submitLabel={t('permis.resume.submit')}
        submitting={resume.isPending}
        onSubmit={() =>
          resume.mutate({ body: { processId: id, observation: motif.trim() || null, version } }, done(t('permis.resume.done')))
        }
      >
        <Text size="sm">{t('permis.resume.text')}</Text>
        <Textarea
          label={t('permis.resume.observation')}
          value={motif}
          maxLength={1000}
          autosize
          minRows={2}
          onChange={(e) => setMotif(e.currentTarget.value)}
          data-autofocus
        />
      </FormModal>

      <ConfirmModal
        opened={dialog === 'close'}
        title={t('permis.actions.closeTitle')}
        message={t('permis.actions.closeText')}
        confirmLabel={t('permis.actions.close')}
        color="teal"
        loading={closeP.isPending}
        error={closeP.error ? messageOfError(closeP.error) : null}
        onClose={shut}
        onConfirm={() => closeP.mutate({ body: { processId: id, version } }, done(t('permis.actions.done')))}
      />

      <FormModal
        opened={dialog === 'cancel'}
        onClose={shut}
        title={t('permis.cancel.title')}
        centered
        noValidate
        error={cancel.error}
        submitLabel={t('permis.cancel.submit')}
        submitColor="red"
        submitting={cancel.isPending}
        onSubmit={withMotif(() => cancel.mutate({ body: { processId: id, motif: motif.trim(), version } }, done(t('permis.cancel.done'))))}
      >
        <Text size="sm">{t('permis.cancel.text')}</Text>
        {motifField(t('permis.cancel.motif'))}
      </FormModal>
    </>
  );
}

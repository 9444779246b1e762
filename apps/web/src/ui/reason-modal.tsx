import { Text, Textarea } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from './form-modal.tsx';

interface Props {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What is about to happen, in a sentence. */
  text: ReactNode;
  /** The reason's label (« Motif de l'annulation »). */
  label: string;
  submitLabel: string;
  /** Called with the reason typed, trimmed, once it is long enough. */
  onConfirm: (reason: string) => void;
  submitting?: boolean;
  /** Why the last attempt failed. */
  error?: unknown;
  minLength?: number;
  maxLength?: number;
}

/**
 * Confirms an action on a safety record that needs its reason written (a cancellation: the record is kept, with who,
 * when and why): the sentence, a required reason, « Annuler » and the red confirm button. The reason starts empty at
 * each opening.
 */
export function ReasonModal({
  opened,
  onClose,
  title,
  text,
  label,
  submitLabel,
  onConfirm,
  submitting,
  error,
  minLength = 3,
  maxLength = 1000,
}: Props) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (opened) {
      setReason('');
      setTouched(false);
    }
  }, [opened]);
  const short = reason.trim().length < minLength;
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      noValidate
      submitLabel={submitLabel}
      submitColor="red"
      submitting={submitting}
      error={error}
      onSubmit={() => {
        setTouched(true);
        if (!short) onConfirm(reason.trim());
      }}
    >
      <Text size="sm">{text}</Text>
      <Textarea
        label={label}
        required
        autosize
        minRows={2}
        maxLength={maxLength}
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
        error={touched && short ? t('common.reasonRequired', { count: minLength }) : undefined}
        data-autofocus
      />
    </FormModal>
  );
}

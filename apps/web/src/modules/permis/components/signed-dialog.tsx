import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { SignaturePad } from '../../../ui/signature-pad.tsx';

interface SignedDialogProps {
  opened: boolean;
  title: string;
  text: ReactNode;
  /** The signature pad's name (« Signature de la prolongation »). */
  padLabel: string;
  submitLabel: string;
  submitColor?: string;
  submitting: boolean;
  /** Why the last attempt failed (the server's French message). */
  error: unknown;
  /** Whether the form's own fields allow sending (the signature is asked for on top). */
  ready?: boolean;
  onClose: () => void;
  /** Called with the validated signature image (a PNG data URL). */
  onSubmit: (image: string) => void;
  /** The act's own fields (new end, motif, observation…). */
  children?: ReactNode;
  /** The signature so far, kept by the caller (cleared when the dialog closes). */
  image: string | null;
  onImage: (image: string | null) => void;
}

/**
 * A dialog for an act signed on the permit (an extension, a check of the fire watch, a role's signature): its fields,
 * a signature pad (drawn, or the name typed from the keyboard), and a submit enabled once the signature is validated.
 */
export function SignedDialog(props: SignedDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      centered
      noValidate
      error={props.error}
      submitLabel={props.submitLabel}
      submitColor={props.submitColor}
      submitting={props.submitting}
      submitDisabled={!props.image || props.ready === false}
      onSubmit={() => {
        if (props.image && props.ready !== false) props.onSubmit(props.image);
      }}
    >
      <Text size="sm">{props.text}</Text>
      {props.children}
      <SignaturePad label={props.padLabel} onChange={props.onImage} />
      {!props.image && (
        <Text size="xs" c="gray.7">
          {t('signaturePad.toValidate')}
        </Text>
      )}
    </FormModal>
  );
}

import { Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '../../../ui/form-error.tsx';
import { ModalActions } from '../../../ui/modal-actions.tsx';
import { SignaturePad } from '../../../ui/signature-pad.tsx';

interface SignDialogProps {
  opened: boolean;
  title: string;
  /** What the person certifies by signing (one sentence). */
  statement: ReactNode;
  submitLabel: string;
  /** Fields of the act (team, motif, witness…), above the signature. */
  children?: ReactNode;
  /** The act's own fields are complete. */
  ready?: boolean;
  loading?: boolean;
  error?: unknown;
  onClose: () => void;
  /** The drawn (or typed) signature as a PNG data URL. */
  onSign: (image: string) => void;
}

/**
 * A signed act of the lockout (operation, attestation, avis de fin de travail, padlock removal): what is certified,
 * the act's fields, and the signature drawn or typed (SignaturePad). The server records who and when, and the hash.
 */
export function SignDialog({
  opened,
  title,
  statement,
  submitLabel,
  children,
  ready = true,
  loading,
  error,
  onClose,
  onSign,
}: SignDialogProps) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);
  // A signature belongs to one act: closed (signed or cancelled), the next opening starts blank.
  useEffect(() => {
    if (!opened) setImage(null);
  }, [opened]);
  const close = () => {
    setImage(null);
    onClose();
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={opened} onClose={close} title={title} size="lg">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (image && ready) onSign(image);
        }}
      >
        <Stack>
          <FormError error={error} />
          <Text size="sm">{statement}</Text>
          {children}
          {opened && <SignaturePad label={t('consignation.sign.signature')} onChange={setImage} />}
          <ModalActions onCancel={close} submitLabel={submitLabel} loading={loading} disabled={!image || !ready} />
        </Stack>
      </form>
    </Modal>
  );
}

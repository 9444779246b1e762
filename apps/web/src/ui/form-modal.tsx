import { type MantineSize, Modal, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from './form-error.tsx';
import { ModalActions } from './modal-actions.tsx';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: MantineSize;
  centered?: boolean;
  /** Leave validation to the form library rather than the browser. */
  noValidate?: boolean;
  /** Called on submit; the browser's default submission is always prevented. */
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** Why the last submission failed, shown above the fields. */
  error?: unknown;
  submitLabel?: string;
  submitColor?: string;
  submitting?: boolean;
  submitDisabled?: boolean;
  children: ReactNode;
}

/** A modal holding a form, with "Annuler" (closes) and the submit button at the bottom. */
export function FormModal(props: FormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      closeButtonProps={{ 'aria-label': t('common.close') }}
      opened={props.opened}
      onClose={props.onClose}
      title={props.title}
      size={props.size}
      centered={props.centered}
    >
      <form
        noValidate={props.noValidate}
        onSubmit={(e) => {
          e.preventDefault();
          props.onSubmit(e);
        }}
      >
        <Stack>
          <FormError error={props.error} />
          {props.children}
          <ModalActions
            onCancel={props.onClose}
            submitLabel={props.submitLabel}
            color={props.submitColor}
            loading={props.submitting}
            disabled={props.submitDisabled}
          />
        </Stack>
      </form>
    </Modal>
  );
}

import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  loading?: boolean;
  color?: string;
  /** When set, the user must type this text (e.g. the company name) to enable the confirmation. */
  typeToConfirm?: string;
  /** Why the last attempt failed (e.g. a 409 from the server), shown under the message. */
  error?: string | null;
}

/** Asked before every destructive action. */
export function ConfirmModal(props: ConfirmModalProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const blocked = props.typeToConfirm !== undefined && typed.trim() !== props.typeToConfirm;
  const close = () => {
    setTyped('');
    props.onClose();
  };
  return (
    <Modal closeButtonProps={{ 'aria-label': t('common.close') }} opened={props.opened} onClose={close} title={props.title} centered>
      <Stack>
        <Text size="sm">{props.message}</Text>
        {props.error && (
          <Alert color="red" variant="light" role="alert">
            {props.error}
          </Alert>
        )}
        {props.typeToConfirm !== undefined && (
          <TextInput
            label={t('confirm.typeName', { name: props.typeToConfirm })}
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            autoComplete="off"
            data-autofocus
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common.cancel')}
          </Button>
          <Button
            color={props.color ?? 'red'}
            loading={props.loading}
            disabled={blocked}
            onClick={() => {
              setTyped('');
              props.onConfirm();
            }}
          >
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

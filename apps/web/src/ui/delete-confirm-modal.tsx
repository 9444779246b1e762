import { useTranslation } from 'react-i18next';
import { messageOfError } from '../lib/notify.ts';
import { ConfirmModal } from './confirm-modal.tsx';

interface DeleteConfirmModalProps<T> {
  /** The row to delete; null when closed. */
  target: T | null;
  title: string;
  message: string;
  /** The delete mutation, for its pending state and last error. */
  mutation: { isPending: boolean; isError: boolean; error: unknown };
  onClose: () => void;
  onConfirm: (target: T) => void;
}

/** "Supprimer" confirmation of a row, showing why the last attempt failed. */
export function DeleteConfirmModal<T>({ target, title, message, mutation, onClose, onConfirm }: DeleteConfirmModalProps<T>) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={target !== null}
      title={title}
      message={message}
      error={mutation.isError ? messageOfError(mutation.error) : null}
      confirmLabel={t('common.delete')}
      loading={mutation.isPending}
      onClose={onClose}
      onConfirm={() => target !== null && onConfirm(target)}
    />
  );
}

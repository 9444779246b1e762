import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

interface ModalActionsProps {
  onCancel: () => void;
  /** Defaults to "Enregistrer". */
  submitLabel?: string;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
}

/** Footer of a form modal: "Annuler" and the submit button. */
export function ModalActions({ onCancel, submitLabel, color, loading, disabled }: ModalActionsProps) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" color={color} loading={loading} disabled={disabled}>
        {submitLabel ?? t('common.save')}
      </Button>
    </Group>
  );
}

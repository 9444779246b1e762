import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconBan, IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionProps {
  /** Accessible name (usually the action and the row's name). */
  label: string;
  /** Tooltip text; defaults to the label. */
  tooltip?: string;
  color?: string;
  disabled?: boolean;
  loading?: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** An icon button of a table row, with its tooltip. */
export function RowAction({ label, tooltip, color, disabled, loading, onClick, children }: RowActionProps) {
  return (
    <Tooltip label={tooltip ?? label}>
      <ActionIcon variant="subtle" color={color} aria-label={label} disabled={disabled} loading={loading} onClick={onClick}>
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** The "Supprimer" action of a row named `name`. */
export function DeleteRowAction({ name, onClick }: { name: string; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <RowAction label={`${t('common.delete')} ${name}`} tooltip={t('common.delete')} color="red" onClick={onClick}>
      <IconTrash size={18} />
    </RowAction>
  );
}

/**
 * The two actions of a record that is never deleted (a training, a medical visit…): « Modifier » and « Annuler »
 * (the cancellation asks its reason elsewhere). `editLabel` and `cancelLabel` name the row for screen readers.
 */
export function EditCancelRowActions(p: {
  editLabel: string;
  cancelLabel: string;
  cancelTooltip: string;
  onEdit: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <RowAction label={p.editLabel} tooltip={t('common.edit')} onClick={p.onEdit}>
        <IconPencil size={18} />
      </RowAction>
      <RowAction label={p.cancelLabel} tooltip={p.cancelTooltip} color="red" onClick={p.onCancel}>
        <IconBan size={18} />
      </RowAction>
    </Group>
  );
}

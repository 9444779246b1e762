import type { CrudAction } from '@app/contracts';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconCheck, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CellState } from '../permission-matrix.util.ts';

interface Props {
  action: CrudAction;
  itemLabel: string;
  state: CellState;
  /** Label of the item a right is inherited from, by id. */
  labelOf: (itemId: number) => string;
  disabled?: boolean;
  onCycle: () => void;
}

/** What a cell says in words: the effective value and its origin (explicit, inherited from…). */
function useCellDescription(state: CellState, labelOf: (itemId: number) => string): string {
  const { t } = useTranslation();
  const value = state.value ? t('permission.value.granted') : t('permission.value.denied');
  const s = state.source;
  switch (s.kind) {
    case 'explicit':
      return t('permission.source.explicit', { value });
    case 'manage':
      return t('permission.source.manage', { value });
    case 'parent':
      return t('permission.source.parent', { value, item: labelOf(s.itemId) });
    case 'profil':
      return t('permission.source.profil', { value, item: labelOf(s.itemId) });
    case 'computed':
      return t('permission.source.computed', { value });
    default:
      return t('permission.source.default', { value });
  }
}

/**
 * One cell of the matrix: a button cycling the item's own flag (Hériter → Accorder → Refuser). It shows the
 * effective value; an inherited value has a dashed border. Its accessible name is "Modifier — Utilisateurs", its state is
 * in aria-pressed (true: accordé, false: refusé, mixed: hérité) and its description says where the value comes from.
 */
export function PermissionCell({ action, itemLabel, state, labelOf, disabled, onCycle }: Props) {
  const { t } = useTranslation();
  const description = useCellDescription(state, labelOf);
  const explicit = state.own !== null;
  const Icon = state.value ? IconCheck : state.source.kind === 'default' ? IconMinus : IconX;
  return (
    <Tooltip label={`${description} — ${t('permission.clickToCycle')}`} withArrow openDelay={300}>
      <ActionIcon
        size="md"
        radius="sm"
        variant={explicit ? 'filled' : 'light'}
        color={state.value ? 'teal' : explicit ? 'red' : 'gray'}
        // Inherited: a dashed border in the icon's colour, at full strength (a faded icon would fall under the 3:1 that
        // WCAG 1.4.11 asks of a state's only mark).
        style={explicit ? undefined : { border: '1px dashed currentColor' }}
        aria-label={`${t(`permission.actions.${action}`)} — ${itemLabel}`}
        aria-pressed={state.own === null ? 'mixed' : state.own}
        aria-description={description}
        data-own={state.own === null ? 'inherit' : state.own ? 'grant' : 'deny'}
        data-value={String(state.value)}
        disabled={disabled}
        onClick={onCycle}
      >
        <Icon size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

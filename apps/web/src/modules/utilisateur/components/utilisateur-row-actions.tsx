import { instance, type Utilisateur } from '@app/contracts';
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconPlayerPause, IconPlayerPlay, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../auth/index.ts';

interface Props {
  utilisateur: Utilisateur;
  onEdit: () => void;
  onToggleEnable: () => void;
  onDelete: () => void;
}

/** Row actions, each with an accessible name carrying the person's name ("Désactiver Jean Dupont"). */
export function UtilisateurRowActions({ utilisateur: u, onEdit, onToggleEnable, onDelete }: Props) {
  const { t } = useTranslation();
  const ability = useAbility();
  const name = `${u.prenom} ${u.nom}`;
  // The server says what the caller may do with each row; without it, ask the ability about this row.
  const canUpdate = u.abilities?.update ?? ability.can('update', instance('Utilisateur', u));
  const canDelete = u.abilities?.delete ?? ability.can('delete', instance('Utilisateur', u));
  const toggleLabel = u.enable ? t('utilisateur.actions.deactivate') : t('utilisateur.actions.activate');
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {canUpdate && (
        <Tooltip label={t('common.edit')}>
          <ActionIcon variant="subtle" aria-label={`${t('common.edit')} ${name}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {canUpdate && (
        <Tooltip label={toggleLabel}>
          <ActionIcon variant="subtle" color={u.enable ? 'orange' : 'teal'} aria-label={`${toggleLabel} ${name}`} onClick={onToggleEnable}>
            {u.enable ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
          </ActionIcon>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip label={t('common.delete')}>
          <ActionIcon variant="subtle" color="red" aria-label={`${t('common.delete')} ${name}`} onClick={onDelete}>
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

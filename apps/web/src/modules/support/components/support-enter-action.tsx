import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOfError } from '../../../lib/notify.ts';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { useCurrentSession } from '../../auth/index.ts';
import { useEnterSupport } from '../support.queries.ts';

/**
 * « Intervenir dans cette entreprise » on a company's row (super admin): asks for confirmation, naming the company,
 * then enters it in support mode. Not offered on his own company nor on the one he is already in.
 */
export function SupportEnterAction({ entreprise }: { entreprise: { id: number; nom: string } }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const enter = useEnterSupport();
  const [opened, setOpened] = useState(false);
  const home = session.support?.homeEntrepriseId ?? session.idCompany;
  if (!session.isSupperAdmin || entreprise.id === home || entreprise.id === session.idCompany) return null;
  const label = t('support.enter.action');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="subtle" color="orange" aria-label={`${label} : ${entreprise.nom}`} onClick={() => setOpened(true)}>
          <IconLifebuoy size={16} />
        </ActionIcon>
      </Tooltip>
      <ConfirmModal
        opened={opened}
        title={t('support.enter.title')}
        message={t('support.enter.text', { nom: entreprise.nom })}
        confirmLabel={t('support.enter.confirm', { nom: entreprise.nom })}
        color="orange"
        loading={enter.isPending}
        error={enter.error ? messageOfError(enter.error) : null}
        onClose={() => {
          enter.reset();
          setOpened(false);
        }}
        onConfirm={() => enter.mutate(entreprise.id)}
      />
    </>
  );
}

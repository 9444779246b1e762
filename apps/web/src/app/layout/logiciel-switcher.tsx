import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { codeLabel } from '../../lib/labels.ts';
import { useChangeLogiciel, useCurrentSession } from '../../modules/auth/index.ts';

/** Switches the active software; hidden when the company has none. In the header, or at the top of the menu on a phone. */
export function LogicielSwitcher({ inMenu = false }: { inMenu?: boolean }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const change = useChangeLogiciel();
  if (session.logiciels.length === 0) return null;
  const current = session.logiciels.find((l) => l.code === session.codeLogiciel);
  return (
    <Select
      aria-label={t('layout.logiciel')}
      placeholder={t('layout.logicielPlaceholder')}
      data={session.logiciels.map((l) => ({ value: String(l.id), label: codeLabel(t, 'logiciel', l.code, l.libelle) }))}
      value={current ? String(current.id) : null}
      allowDeselect={false}
      disabled={change.isPending}
      w={inMenu ? undefined : 220}
      onChange={(value) => {
        if (!value || value === String(current?.id)) return;
        change.mutate(
          { logicielId: Number(value), lastScreen: pathname },
          {
            onSuccess: (res) => {
              if (res.lastScreen?.startsWith('/app') && res.lastScreen !== pathname) navigate(res.lastScreen);
            },
          },
        );
      }}
    />
  );
}

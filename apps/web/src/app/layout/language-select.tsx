import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../lib/language-name.ts';
import { useCurrentSession, useSaveLanguage } from '../../modules/auth/index.ts';

/**
 * Shown only when the company has more than one language (spec section 1, entreprise.setting.languageCodes); the
 * choice is saved on the person and switches the texts (app-layout.tsx). In the header, or at the top of the menu on a phone.
 */
export function LanguageSelect({ inMenu = false }: { inMenu?: boolean }) {
  const { t, i18n } = useTranslation();
  const session = useCurrentSession();
  const save = useSaveLanguage();
  if (session.languageCodes.length <= 1) return null;
  return (
    <Select
      aria-label={t('layout.language')}
      data={session.languageCodes.map((c) => ({ value: c, label: languageName(c, i18n.language) }))}
      value={session.languageCode}
      allowDeselect={false}
      disabled={save.isPending}
      w={inMenu ? undefined : 140}
      onChange={(value) => value && value !== session.languageCode && save.mutate(value)}
    />
  );
}

import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../lib/language-name.ts';
import { useCurrentSession, useSaveLanguage } from '../../modules/auth/index.ts';

/** Shown only when the company has more than one language (spec section 1). */
export function LanguageSelect() {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const save = useSaveLanguage();
  if (session.languageCodes.length <= 1) return null;
  return (
    <Select
      aria-label={t('layout.language')}
      data={session.languageCodes.map((c) => ({ value: c, label: languageName(c) }))}
      value={session.languageCode}
      allowDeselect={false}
      disabled={save.isPending}
      w={140}
      visibleFrom="sm"
      onChange={(value) => value && value !== session.languageCode && save.mutate(value)}
    />
  );
}

import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSaveLanguage } from '../../modules/auth/auth.queries.ts';
import { useCurrentSession } from '../../modules/auth/session.ts';

/** Name of a language code in French ("fr" → "français"). */
export function languageName(code: string): string {
  try {
    const name = new Intl.DisplayNames(['fr'], { type: 'language' }).of(code);
    return name ? name.charAt(0).toUpperCase() + name.slice(1) : code;
  } catch {
    return code;
  }
}

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

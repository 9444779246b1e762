import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSymboles } from '../habilitation.queries.ts';

/** The symbols a step config requires of its signers (`habilitationsRequises`), read leniently: other values are ignored. */
export function requiredSymbolsOf(config: Record<string, unknown>): string[] {
  const v = config.habilitationsRequises;
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
}

interface Props {
  value: string[];
  onChange: (codes: string[]) => void;
  disabled?: boolean;
}

/**
 * « Habilitations requises pour signer »: symbols of the company's catalogue (any one suffices; a covering symbol counts,
 * e.g. B2V for B1V). A code no longer in the catalogue stays shown so that it can be removed.
 */
export function RequiredSymbolsInput({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const symboles = useSymboles();
  const data = (symboles.data ?? [])
    .filter((s) => s.actif || value.includes(s.code))
    .map((s) => ({ value: s.code, label: `${s.code} — ${s.libelle}` }));
  for (const code of value) if (!data.some((d) => d.value === code)) data.push({ value: code, label: code });
  return (
    <MultiSelect
      label={t('habilitation.step.requiredLabel')}
      description={t('habilitation.step.requiredHelp')}
      placeholder={value.length ? undefined : t('habilitation.step.requiredNone')}
      data={data}
      value={value}
      onChange={onChange}
      disabled={disabled}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('polish.clear') }}
      nothingFoundMessage={symboles.isPending ? t('common.loading') : t('common.nothingFound')}
      error={symboles.isError ? t('habilitation.symbole.loadError') : undefined}
    />
  );
}

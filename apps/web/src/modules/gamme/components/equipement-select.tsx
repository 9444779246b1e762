import * as API from '@app/contracts/api';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { gammeKeys } from '../gamme.keys.ts';

interface Props {
  label: string;
  value: number | null;
  /** The name of the current value, shown before the options load. */
  valueName: string | null;
  onChange: (id: number | null, name: string | null) => void;
  error?: string;
}

/** Chooses an equipment of the registry (GET /api/v2/equipement/options: readable equipment, accent-free search) by typing part of its name (the server searches; 50 at most). */
export function EquipementSelect({ label, value, valueName, onChange, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useQuery({
    queryKey: [...gammeKeys.all, 'equipementOptions', debounced],
    queryFn: ({ signal }) => callApi(API.equipement.options, { query: { search: debounced || undefined, limit: 50 }, signal }),
    staleTime: 30_000,
  });
  const data = (options.data ?? []).map((o) => ({ value: String(o.id), label: o.chemin ? `${o.libelle} — ${o.chemin}` : o.libelle }));
  if (value !== null && !data.some((d) => d.value === String(value)))
    data.unshift({ value: String(value), label: valueName ?? `#${value}` });
  return (
    <Select
      label={label}
      placeholder={t('gamme.equipement.placeholder')}
      data={data}
      value={value === null ? null : String(value)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('polish.clear') }}
      filter={({ options: o }) => o}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('common.nothingFound')}
      onChange={(v, option) => onChange(v ? Number(v) : null, v ? (option?.label ?? '').split(' — ')[0] : null)}
      error={error}
    />
  );
}

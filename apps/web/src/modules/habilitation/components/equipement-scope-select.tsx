import * as API from '@app/contracts/api';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { habilitationKeys } from '../habilitation.keys.ts';

interface Props {
  label: string;
  value: number | null;
  /** The name of the current value, shown before the options load. */
  valueName: string | null;
  onChange: (id: number | null, name: string | null) => void;
  error?: string;
}

/**
 * The equipment a symbol is limited to (the holding covers it and what it contains): searched on the server among the
 * equipment the person may read (accents ignored, 50 at most), each with its path to tell two of the same name apart.
 */
export function EquipementScopeSelect({ label, value, valueName, onChange, error }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 250);
  const options = useQuery({
    queryKey: [...habilitationKeys.all, 'equipements', debounced],
    queryFn: ({ signal }) => callApi(API.equipement.options, { query: { search: debounced || undefined, limit: 50 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const names = new Map<string, string>();
  const data = (options.data ?? []).map((o) => {
    names.set(String(o.id), o.libelle);
    const parents = o.chemin.split(' › ').slice(0, -1).join(' › ');
    return { value: String(o.id), label: parents ? `${o.libelle} — ${parents}` : o.libelle };
  });
  if (value !== null && !names.has(String(value))) data.unshift({ value: String(value), label: valueName ?? `n° ${value}` });
  return (
    <Select
      label={label}
      placeholder={t('process.ref.searchEquipment')}
      data={data}
      value={value === null ? null : String(value)}
      searchable
      clearable
      clearButtonProps={{ 'aria-label': t('polish.clear') }}
      filter={({ options: o }) => o}
      searchValue={search}
      onSearchChange={setSearch}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('common.nothingFound')}
      onChange={(v) => onChange(v ? Number(v) : null, v ? (names.get(v) ?? valueName) : null)}
      error={error}
    />
  );
}

import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A row a server search answered: its id, its name (what the caller keeps) and the label shown. */
export interface RemoteChoice {
  id: number;
  name: string;
  label: string;
}

interface SearchOptions {
  /** The query key of a search (the words typed, trimmed). */
  queryKey: (search: string) => QueryKey;
  load: (search: string, signal: AbortSignal) => Promise<RemoteChoice[]>;
  enabled?: boolean;
}

/**
 * Choices searched on the server as the person types (large registers: 100,000 equipment): the words trimmed and
 * settled for 250 ms, the previous answer kept on screen while the next one loads.
 */
export function useRemoteSearch({ queryKey, load, enabled = true }: SearchOptions) {
  const [search, setSearch] = useState('');
  const [settled] = useDebouncedValue(search.trim(), 250);
  const found = useQuery({
    queryKey: queryKey(settled),
    queryFn: ({ signal }) => load(settled, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
  return { search, setSearch, choices: found.data ?? [], isFetching: found.isFetching };
}

type Props = SearchOptions &
  Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'> & {
    /** The chosen id (a text id: a value saved before the register existed, shown until it is replaced). */
    value: number | string | null;
    /** The name of the current value, shown while it is not among the choices found (or was saved before them). */
    valueName: string | null;
    onChange: (id: number | null, name: string | null) => void;
  };

/** A select whose choices the server searches (see useRemoteSearch); the value is an id and its name. */
export function RemoteSelect({ queryKey, load, enabled, value, valueName, onChange, ...select }: Props) {
  const { t } = useTranslation();
  const { search, setSearch, choices, isFetching } = useRemoteSearch({ queryKey, load, enabled });
  const names = new Map(choices.map((c) => [String(c.id), c.name]));
  const data = choices.map((c) => ({ value: String(c.id), label: c.label }));
  if (value !== null && !names.has(String(value))) data.unshift({ value: String(value), label: valueName ?? `n° ${value}` });
  return (
    <Select
      clearable
      clearButtonProps={{ 'aria-label': t('polish.clear') }}
      {...select}
      data={data}
      value={value === null ? null : String(value)}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the words typed (accents ignored): show what it answered.
      filter={({ options }) => options}
      nothingFoundMessage={isFetching ? t('common.loading') : t('common.nothingFound')}
      onChange={(v) => onChange(v ? Number(v) : null, v ? (names.get(v) ?? valueName) : null)}
    />
  );
}

import { displayNumero, ETAT_CONSIGNATION_LABELS, type EtatConsignation, type Permis, type ProcessEtat } from '@app/contracts';
import * as API from '@app/contracts/api';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { type CodeLabel, statusText, useCodeLabel } from '../../../lib/labels.ts';
import { type RemoteChoice, useRemoteSearch } from '../../../ui/remote-select.tsx';
import { permisKeys } from '../permis.keys.ts';

/** A lockout chosen for a permit: its process id and how it is shown (number, name, equipment, state). */
export interface LockoutChoice {
  id: number;
  label: string;
}

/** How many lockouts a search shows (the most recent first; the words typed narrow them). */
export const LOCKOUT_SEARCH_SIZE = 20;

/** « N° 12 — Consignation vapeur V12 · Chaudière CH1 · Consignée »: what tells two lockouts apart. */
export function lockoutLabel(c: { numero: string | number; nom: string; equipement: string | null; etat: string }): string {
  return [`N° ${c.numero} — ${c.nom}`, c.equipement, c.etat].filter(Boolean).join(' · ');
}

/** The state of a lockout a permit relies on: the lockout's own (consignée…), else its process's state. */
export function linkedLockoutState(label: CodeLabel, c: Permis['consignations'][number]): string {
  const own = c.etatConsignation ? ETAT_CONSIGNATION_LABELS[c.etatConsignation as EtatConsignation] : undefined;
  return own ?? statusText(label, { status: c.status, latestStatus: null, etat: c.etat as ProcessEtat });
}

/** The lockouts a permit relies on, as the picker shows them. */
export function chosenLockouts(label: CodeLabel, p: Permis | null): LockoutChoice[] {
  return (p?.consignations ?? []).map((c) => ({
    id: c.processId,
    label: lockoutLabel({ numero: c.numero, nom: c.nomProcess, equipement: c.equipementLibelle, etat: linkedLockoutState(label, c) }),
  }));
}

/**
 * The company's lockouts in progress whose name or number matches the words typed, searched on the server through
 * the lists' search (the « Mes consignations » list: processes of the `mc` package), most recent first.
 */
async function searchLockouts(label: CodeLabel, search: string, signal: AbortSignal): Promise<RemoteChoice[]> {
  const page = await callApi(API.processSearch.search, {
    query: {},
    body: {
      variant: 'MES_CONSIGNATIONS',
      filters: { etat: ['en_cours'], ...(search ? { search } : {}) },
      sort: { key: 'numero', order: 'desc' },
      perPage: LOCKOUT_SEARCH_SIZE,
    },
    signal,
  });
  return page.items.map((r) => ({
    id: r.id,
    name: `N° ${displayNumero(r.numero)} — ${r.nomProcess}`,
    label: lockoutLabel({
      numero: displayNumero(r.numero),
      nom: r.nomProcess,
      equipement: r.equipementLastItemString,
      etat: statusText(label, r),
    }),
  }));
}

interface Props {
  value: LockoutChoice[];
  onChange: (value: LockoutChoice[]) => void;
  disabled?: boolean;
}

/**
 * Chooses the lockouts a permit relies on among the company's lockouts in progress (searched on the server as the
 * person types); the chosen ones stay shown whatever the search.
 */
export function LockoutPicker({ value, onChange, disabled }: Props) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const { search, setSearch, choices, isFetching } = useRemoteSearch({
    queryKey: (s) => permisKeys.lockoutSearch(s),
    load: (s, signal) => searchLockouts(label, s, signal),
  });
  const known = new Map(value.map((c) => [String(c.id), c]));
  for (const c of choices) if (!known.has(String(c.id))) known.set(String(c.id), { id: c.id, label: c.label });
  const data = [...known.values()].map((c) => ({ value: String(c.id), label: c.label }));
  return (
    <MultiSelect
      label={t('permis.lockouts.picker')}
      description={t('permis.lockouts.pickerHint')}
      placeholder={value.length ? undefined : t('permis.lockouts.pickerPlaceholder')}
      data={data}
      value={value.map((c) => String(c.id))}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the words typed: show what it answered.
      filter={({ options }) => options}
      nothingFoundMessage={isFetching ? t('common.loading') : t('permis.lockouts.nothingFound')}
      clearable
      clearButtonProps={{ 'aria-label': t('polish.clear') }}
      maxValues={50}
      disabled={disabled}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

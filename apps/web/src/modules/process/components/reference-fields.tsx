import { METRIQUE_TYPES, type Metrique, type UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { ActionIcon, Button, Group, Input, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { callApi } from '../../../lib/api.ts';
import { equipementChoices } from '../../../lib/equipement-choices.ts';
import { RemoteSelect } from '../../../ui/remote-select.tsx';
import { authKeys } from '../../auth/index.ts';
import { processKeys } from '../process.keys.ts';
import { asRef, asRefs } from '../process.util.ts';
import { useFieldContext } from './field-context.ts';

type Ref = { id: number | string; libelle: string };
interface PickerProps {
  field: Metrique;
  required: boolean;
}

const STALE = 5 * 60_000;
/** Kinds picked from an existing list; every other reference kind is entered as "identifiant + libellé". */
export const LIST_PICKERS = new Set([
  'company',
  'service',
  'employee',
  'employees',
  'affectation_workflow',
  // The registry (ticket 13).
  'location',
  'risk',
  'gamme',
  'gamme_type',
]);
/** The software flavours whose gammes are « types de gamme »: reading rounds, maintenance, manoeuvre sheets. */
const GAMME_FLAVOURS = new Set(['mr', 'mm', 'mc']);
/** Reference kinds that hold several entries. */
const MULTI_REFERENCES = new Set(['employees', 'risk']);

function useChoices(kind: string, entrepriseId: number) {
  const client = useQueryClient();
  return useQuery({
    queryKey: processKeys.picker(kind, entrepriseId),
    staleTime: STALE,
    queryFn: async ({ signal }): Promise<Ref[]> => {
      switch (kind) {
        case 'location':
          return (await callApi(API.localisation.list, { signal })).map((l) => ({ id: l.id, libelle: l.libelle }));
        case 'risk':
          return (await callApi(API.risque.list, { query: {}, signal })).map((r) => ({ id: r.id, libelle: r.libelle }));
        case 'gamme':
          return (await callApi(API.gamme.list, { query: {}, signal })).map((g) => ({ id: g.id, libelle: g.libelle }));
        case 'gamme_type': {
          // The company's software flavours, from the session already loaded by the /app area.
          const logiciels = client.getQueryData<UserSession>(authKeys.session)?.logiciels ?? [];
          const flavours = logiciels.filter((l) => GAMME_FLAVOURS.has(l.code));
          return (flavours.length ? flavours : logiciels).map((l) => ({ id: l.id, libelle: l.libelle }));
        }
        case 'company':
          return (await callApi(API.entreprise.list, { signal })).map((e) => ({ id: e.id, libelle: e.nom }));
        case 'service':
          return (await callApi(API.serviceModele.list, { query: {}, signal })).map((s) => ({ id: s.id, libelle: s.libelle }));
        case 'affectation_workflow':
          return (await callApi(API.workflow.list, { signal })).map((w) => ({ id: w.id, libelle: w.libelle }));
        default:
          return (await callApi(API.utilisateur.listLight, { params: { id: entrepriseId }, signal })).map((u) => ({
            id: u.id,
            libelle: u.fullName,
          }));
      }
    },
  });
}

/** A picker over an existing list (companies, services, people, workflows); free entry if the list cannot load. */
export function ListPicker({ field, required }: PickerProps) {
  const { t } = useTranslation();
  const ctx = useFieldContext();
  const choices = useChoices(field.dataType, ctx.entrepriseId);
  const multiple = MULTI_REFERENCES.has(field.dataType);
  const v = ctx.values[String(field.id)];
  if (choices.isError) return <FreeReference field={field} required={required} />;
  const list = choices.data ?? [];
  // Keep a saved choice visible even when it is no longer in the list.
  const known = new Map(list.map((r) => [String(r.id), r]));
  for (const r of asRefs(v)) if (!known.has(String(r.id))) known.set(String(r.id), r);
  const data = [...known.values()].map((r) => ({ value: String(r.id), label: r.libelle }));
  const common = {
    label: field.nom,
    withAsterisk: required,
    'aria-required': required,
    error: ctx.errors[String(field.id)],
    disabled: ctx.readOnly,
    searchable: true,
    nothingFoundMessage: t('common.nothingFound'),
    placeholder: choices.isPending ? t('common.loading') : undefined,
    data,
  };
  return multiple ? (
    <MultiSelect
      {...common}
      value={asRefs(v).map((r) => String(r.id))}
      onChange={(ids) => ctx.setValue(field.id, ids.map((id) => known.get(id)).filter(Boolean))}
    />
  ) : (
    <Select
      {...common}
      clearable
      value={asRef(v) ? String(asRef(v)?.id) : null}
      onChange={(id) => ctx.setValue(field.id, id ? (known.get(id) ?? null) : null)}
    />
  );
}

/**
 * The `equipment` field: the registry can hold 100,000 nodes, so the choices are searched on the server (accents and
 * case ignored), each shown with its path; only the equipment the person may read are offered. A value saved before
 * the registry (a free identifier and label) stays shown until it is replaced.
 */
export function EquipmentPicker({ field, required }: PickerProps) {
  const { t } = useTranslation();
  const ctx = useFieldContext();
  const v = asRef(ctx.values[String(field.id)]);
  return (
    <RemoteSelect
      label={field.nom}
      withAsterisk={required}
      aria-required={required}
      error={ctx.errors[String(field.id)]}
      disabled={ctx.readOnly}
      placeholder={t('process.ref.searchEquipment')}
      queryKey={(search) => processKeys.picker(`equipment:${search}`, ctx.entrepriseId)}
      load={equipementChoices}
      value={v ? v.id : null}
      valueName={v ? v.libelle : null}
      onChange={(id, name) => ctx.setValue(field.id, id === null ? null : { id, libelle: name ?? '' })}
    />
  );
}

const toId = (s: string): number | string => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : s.trim());

/** Reference kinds entered as « identifiant + libellé » (not picked from a list). */
export const isFreeReference = (kind: string): boolean => FREE_REFERENCE_KINDS.has(kind);
const FREE_REFERENCE_KINDS = new Set(
  METRIQUE_TYPES.filter((t) => t.value === 'reference' || t.value === 'references')
    .map((t) => t.code as string)
    .filter((c) => !LIST_PICKERS.has(c) && c !== 'equipment'),
);

/**
 * A free reference as it is saved: identifier and label trimmed, a numeric identifier as a number, an empty entry
 * as null. While typing the value keeps what was typed (« TR 12 B » keeps its spaces); this runs on save only.
 */
export function referenceToSave(v: unknown): unknown {
  const clean = (r: { id: number | string; libelle: string }) => ({
    id: typeof r.id === 'string' ? toId(r.id) : r.id,
    libelle: r.libelle.trim(),
  });
  if (Array.isArray(v)) return asRefs(v).map(clean);
  const r = asRef(v);
  if (!r) return v;
  const out = clean(r);
  return out.id === '' && out.libelle === '' ? null : out;
}

/**
 * A reference to a module that does not exist yet (articles, budget codes, statuses): the person enters its
 * identifier and label, stored as {id, libelle}.
 */
export function FreeReference({ field, required }: PickerProps) {
  const { t } = useTranslation();
  const ctx = useFieldContext();
  const v = ctx.values[String(field.id)];
  const error = ctx.errors[String(field.id)];
  const multiple = MULTI_REFERENCES.has(field.dataType);
  const [draft, setDraft] = useState<{ id: string; libelle: string }>({ id: '', libelle: '' });

  if (!multiple) {
    const r = asRef(v);
    const update = (next: { id: string; libelle: string }) =>
      ctx.setValue(field.id, next.id.trim() || next.libelle.trim() ? { id: next.id, libelle: next.libelle } : null);
    const current = { id: r ? String(r.id) : '', libelle: r?.libelle ?? '' };
    return (
      <Input.Wrapper label={field.nom} withAsterisk={required} error={error}>
        <Group gap="xs" grow align="flex-start">
          <TextInput
            size="sm"
            aria-label={t('process.ref.idOf', { name: field.nom })}
            placeholder={t('process.ref.id')}
            value={current.id}
            disabled={ctx.readOnly}
            onChange={(e) => update({ ...current, id: e.currentTarget.value })}
          />
          <TextInput
            size="sm"
            aria-label={t('process.ref.libelleOf', { name: field.nom })}
            placeholder={t('process.ref.libelle')}
            value={current.libelle}
            disabled={ctx.readOnly}
            onChange={(e) => update({ ...current, libelle: e.currentTarget.value })}
          />
        </Group>
      </Input.Wrapper>
    );
  }

  const list = asRefs(v);
  const add = () => {
    if (!draft.id.trim() && !draft.libelle.trim()) return;
    ctx.setValue(field.id, [...list, { id: toId(draft.id), libelle: draft.libelle.trim() }]);
    setDraft({ id: '', libelle: '' });
  };
  return (
    <Input.Wrapper label={field.nom} withAsterisk={required} error={error}>
      <Stack gap={4}>
        {list.length === 0 && (
          <Text size="sm" c="gray.7">
            {t('process.ref.none')}
          </Text>
        )}
        {list.map((r, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: entries may repeat an id; the list only grows or shrinks here
          <Group key={`${r.id}-${i}`} gap="xs">
            <Text size="sm">
              {r.libelle}{' '}
              {r.id !== '' && (
                <Text span c="gray.7">
                  ({String(r.id)})
                </Text>
              )}
            </Text>
            {!ctx.readOnly && (
              <ActionIcon
                size="sm"
                variant="subtle"
                color="red"
                aria-label={t('process.ref.remove', { name: r.libelle })}
                onClick={() =>
                  ctx.setValue(
                    field.id,
                    list.filter((_, j) => j !== i),
                  )
                }
              >
                <IconX size={14} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {!ctx.readOnly && (
          <Group gap="xs" align="flex-end">
            <TextInput
              size="xs"
              aria-label={t('process.ref.idOf', { name: field.nom })}
              placeholder={t('process.ref.id')}
              value={draft.id}
              onChange={(e) => setDraft({ ...draft, id: e.currentTarget.value })}
            />
            <TextInput
              size="xs"
              aria-label={t('process.ref.libelleOf', { name: field.nom })}
              placeholder={t('process.ref.libelle')}
              value={draft.libelle}
              onChange={(e) => setDraft({ ...draft, libelle: e.currentTarget.value })}
              onKeyDown={(e) => {
                if (e.key === 'Enter') {
                  e.preventDefault();
                  add();
                }
              }}
            />
            <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={add}>
              {t('process.ref.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}

import type { CrudFlags, Equipement } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Alert, Button, Checkbox, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { useProfilChoices } from '../../profil/index.ts';
import { usePeopleChoices } from '../../utilisateur/index.ts';
import { equipementKeys } from '../equipement.keys.ts';
import { useEquipementDroits, useEquipementMutation } from '../equipement.queries.ts';

const FLAGS = ['read', 'create', 'update', 'delete'] as const;
type Flag = (typeof FLAGS)[number];

/**
 * « Droits »: the equipment permission entries on this node (a profile or a person; consult, create, modify, delete).
 * They apply to the whole subtree unless a lower node has its own; without any here, the nearest ancestor's apply
 * (shown below, read-only).
 */
export function DroitsTab({ equipement }: { equipement: Equipement }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const ability = useAbility();
  const entries = useEquipementDroits();
  const profils = useProfilChoices();
  const people = usePeopleChoices(session.idCompany);
  const scope = equipementKeys.droits;
  const create = useEquipementMutation(API.permission.equipmentCreate, { scope, silentError: true });
  const update = useEquipementMutation(API.permission.equipmentUpdate, { scope });
  const canEdit = ability.can('update', 'Permission');
  const [kind, setKind] = useState<'profil' | 'utilisateur'>('profil');
  const [who, setWho] = useState<string | null>(null);
  const [flags, setFlags] = useState<Record<Flag, boolean>>({ read: true, create: false, update: false, delete: false });

  const nameOf = (e: { profilId: number | null; utilisateurId: number | null }) =>
    e.profilId !== null
      ? (profils.data?.find((p) => p.id === e.profilId)?.libelle ?? `Profil ${e.profilId}`)
      : (people.data?.find((p) => p.value === String(e.utilisateurId))?.label ?? `Utilisateur ${e.utilisateurId}`);

  const own = useMemo(() => (entries.data ?? []).filter((e) => e.equipementId === equipement.id), [entries.data, equipement.id]);
  // The nearest ancestor with entries (path: root … node), else the entries on every equipment.
  const inherited = useMemo(() => {
    const list = entries.data ?? [];
    for (let i = equipement.path.length - 2; i >= 0; i--) {
      const id = equipement.path[i];
      const here = list.filter((e) => e.equipementId === id);
      if (here.length) return { from: equipement.ancestors.find((a) => a.id === id)?.name ?? `#${id}`, list: here };
    }
    const all = list.filter((e) => e.equipementId === null);
    return all.length ? { from: null, list: all } : null;
  }, [entries.data, equipement.path, equipement.ancestors]);

  const flagCells = (p: CrudFlags, onChange?: (f: Flag, v: boolean) => void, name?: string) =>
    FLAGS.map((f) => (
      <Table.Td key={f}>
        <Checkbox
          aria-label={`${t(`equipement.droits.${f}`)} — ${name ?? ''}`}
          checked={p[f] === true || p.manage === true}
          disabled={!onChange}
          onChange={(e) => onChange?.(f, e.currentTarget.checked)}
        />
      </Table.Td>
    ));
  const head = (
    <>
      <Table.Th>{t('equipement.droits.who')}</Table.Th>
      {FLAGS.map((f) => (
        <Table.Th key={f}>{t(`equipement.droits.${f}`)}</Table.Th>
      ))}
    </>
  );

  return (
    <QueryState query={entries}>
      <Stack>
        <Text size="sm" c="dimmed">
          {t('equipement.droits.help')}
        </Text>
        <DataTable
          minWidth={480}
          verticalSpacing="xs"
          aria-label={t('equipement.droits.own')}
          rows={entries.data ? own : undefined}
          columns={5}
          empty={t('equipement.droits.none')}
          head={head}
        >
          {(e) => (
            <Table.Tr key={e.id}>
              <Table.Th scope="row">{nameOf(e)}</Table.Th>
              {flagCells(
                e.permissions,
                canEdit
                  ? (f, v) => update.mutate({ body: { id: e.id, permissions: { ...e.permissions, manage: null, [f]: v } } })
                  : undefined,
                nameOf(e),
              )}
            </Table.Tr>
          )}
        </DataTable>
        {inherited && own.length === 0 && (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              {inherited.from ? t('equipement.droits.inheritedFrom', { name: inherited.from }) : t('equipement.droits.inheritedAll')}
            </Text>
            <DataTable
              minWidth={480}
              verticalSpacing="xs"
              aria-label={t('equipement.droits.inherited')}
              rows={inherited.list}
              columns={5}
              empty=""
              head={head}
            >
              {(e) => (
                <Table.Tr key={e.id}>
                  <Table.Th scope="row">{nameOf(e)}</Table.Th>
                  {flagCells(e.permissions, undefined, nameOf(e))}
                </Table.Tr>
              )}
            </DataTable>
          </Stack>
        )}
        {canEdit && (
          <form
            onSubmit={(ev) => {
              ev.preventDefault();
              if (!who) return;
              create.mutate(
                {
                  body: {
                    equipementId: equipement.id,
                    isEE: false,
                    ...(kind === 'profil' ? { profilId: Number(who) } : { utilisateurId: Number(who) }),
                    permissions: { ...flags },
                  },
                },
                { onSuccess: () => setWho(null) },
              );
            }}
          >
            <Stack gap="xs">
              <Text size="sm" fw={500}>
                {t('equipement.droits.add')}
              </Text>
              {create.isError && (
                <Alert color="red" role="alert">
                  {create.error instanceof Error ? create.error.message : ''}
                </Alert>
              )}
              <Group align="flex-end" wrap="wrap">
                <SegmentedControl
                  aria-label={t('equipement.droits.kind')}
                  value={kind}
                  onChange={(v) => {
                    setKind(v as 'profil' | 'utilisateur');
                    setWho(null);
                  }}
                  data={[
                    { value: 'profil', label: t('equipement.droits.profil') },
                    { value: 'utilisateur', label: t('equipement.droits.utilisateur') },
                  ]}
                />
                <Select
                  label={kind === 'profil' ? t('equipement.droits.profil') : t('equipement.droits.utilisateur')}
                  searchable
                  data={
                    kind === 'profil' ? (profils.data ?? []).map((p) => ({ value: String(p.id), label: p.libelle })) : (people.data ?? [])
                  }
                  value={who}
                  onChange={setWho}
                  nothingFoundMessage={t('common.nothingFound')}
                  style={{ minWidth: 220 }}
                />
              </Group>
              <Group gap="md">
                {FLAGS.map((f) => (
                  <Checkbox
                    key={f}
                    label={t(`equipement.droits.${f}`)}
                    checked={flags[f]}
                    onChange={(e) => setFlags((s) => ({ ...s, [f]: e.currentTarget.checked }))}
                  />
                ))}
              </Group>
              <Group>
                <Button type="submit" variant="light" leftSection={<IconPlus size={16} />} disabled={!who} loading={create.isPending}>
                  {t('equipement.droits.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </QueryState>
  );
}

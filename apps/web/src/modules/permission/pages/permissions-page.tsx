import type { CrudAction, Utilisateur } from '@app/contracts';
import { Alert, Group, SegmentedControl, Select, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useAbility } from '../../auth/index.ts';
import { useProfilList } from '../../profil/index.ts';
import { useUtilisateurOptions } from '../../utilisateur/index.ts';
import { BulkApplyBar } from '../components/bulk-apply-bar.tsx';
import { PermissionMatrix } from '../components/permission-matrix.tsx';
import { type Holder, type PermissionTarget, useMenu, usePermissionEntries, useSavePermissions } from '../permission.queries.ts';
import {
  allInherit,
  applyFlags,
  flattenMenu,
  type MatrixHolder,
  nextTriState,
  ownEntry,
  type TriState,
} from '../permission-matrix.util.ts';

type Mode = 'profil' | 'user';

/** /app/permissions: the rights of a profile, or of one user, on each menu item, with inheritance shown. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const [mode, setMode] = useState<Mode>('profil');
  const [isEE, setIsEE] = useState(false);
  const [profilId, setProfilId] = useState<string | null>(null);
  const [user, setUser] = useState<Utilisateur | null>(null);
  const [userSearch, setUserSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(userSearch, 300);
  const [selected, setSelected] = useState<Set<number>>(new Set());

  const profils = useProfilList(isEE);
  const users = useUtilisateurOptions(mode === 'user' ? debouncedSearch : '');
  const menu = useMenu(isEE);
  const holder: Holder | null =
    mode === 'profil'
      ? profilId
        ? { kind: 'profil', profilId: Number(profilId) }
        : null
      : user
        ? { kind: 'user', userId: user.id, profilId: user.profilId ?? null }
        : null;
  const entries = usePermissionEntries(holder, isEE);
  const save = useSavePermissions();
  const rows = useMemo(() => (menu.data ? flattenMenu(menu.data) : undefined), [menu.data]);
  const readOnly = !ability.can('create', 'Permission') || !ability.can('delete', 'Permission');
  const matrixHolder: MatrixHolder = holder
    ? { userId: holder.kind === 'user' ? holder.userId : null, profilId: holder.profilId }
    : { userId: null, profilId: null };

  const target = (itemId: number, permissions: Record<CrudAction, TriState>): PermissionTarget | null =>
    holder
      ? {
          type: 'menuItem',
          itemId,
          isEE,
          permissions,
          ...(holder.kind === 'user' ? { utilisateurId: holder.userId } : { profilId: holder.profilId }),
        }
      : null;

  /** Saves new flags on items: an upsert, or a deletion when every flag is back to "inherit". */
  const saveFlags = (changes: { itemId: number; patch: Partial<Record<CrudAction, TriState>> }[]) => {
    if (!entries.data) return;
    const upsert: PermissionTarget[] = [];
    const deleteIds: number[] = [];
    for (const { itemId, patch } of changes) {
      const own = ownEntry(entries.data, itemId, matrixHolder);
      const flags = applyFlags(own?.permissions, patch);
      if (allInherit(flags)) {
        if (own) deleteIds.push(own.id);
        continue;
      }
      const tgt = target(itemId, flags);
      if (tgt) upsert.push(tgt);
    }
    if (upsert.length > 0 || deleteIds.length > 0) save.mutate({ upsert, deleteIds });
  };

  const userOptions = [...(user && !users.data?.items.some((u) => u.id === user.id) ? [user] : []), ...(users.data?.items ?? [])];

  return (
    <Stack gap={0}>
      <PageHeader title={t('permission.title')} />
      <Group gap="lg" mb="md" align="flex-end" wrap="wrap">
        <SegmentedControl
          aria-label={t('permission.mode')}
          value={mode}
          onChange={(v) => {
            setMode(v as Mode);
            setSelected(new Set());
          }}
          data={[
            { value: 'profil', label: t('permission.modes.profil') },
            { value: 'user', label: t('permission.modes.user') },
          ]}
        />
        <Switch
          label={t('permission.ee')}
          checked={isEE}
          onChange={(e) => {
            setIsEE(e.currentTarget.checked);
            setProfilId(null);
            setSelected(new Set());
          }}
        />
        {mode === 'profil' ? (
          <Select
            label={t('permission.profil')}
            placeholder={profils.isPending ? t('common.loading') : t('permission.pickProfil')}
            data={(profils.data ?? []).map((p) => ({ value: String(p.id), label: p.libelle }))}
            value={profilId}
            onChange={setProfilId}
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            error={profils.isError ? t('errors.loadTitle') : undefined}
            w={280}
          />
        ) : (
          <Select
            label={t('permission.utilisateur')}
            placeholder={t('permission.pickUser')}
            data={userOptions.map((u) => ({ value: String(u.id), label: `${u.prenom} ${u.nom} (${u.mail})` }))}
            value={user ? String(user.id) : null}
            onChange={(v) => setUser(userOptions.find((u) => String(u.id) === v) ?? null)}
            searchable
            searchValue={userSearch}
            onSearchChange={setUserSearch}
            filter={({ options }) => options}
            nothingFoundMessage={users.isFetching ? t('common.loading') : t('common.nothingFound')}
            error={users.isError ? t('errors.loadTitle') : undefined}
            w={360}
          />
        )}
      </Group>
      {mode === 'user' && user && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('permission.userProfil', { profil: user.profil ?? t('permission.noProfil') })}
        </Text>
      )}
      <Alert variant="light" color="blue" icon={<IconInfoCircle />} mb="md">
        {t('permission.legend')}
      </Alert>
      {readOnly && (
        <Text size="sm" c="dimmed" mb="sm">
          {t('permission.readOnly')}
        </Text>
      )}
      {menu.isError || entries.isError ? (
        <QueryError
          error={menu.error ?? entries.error}
          onRetry={() => {
            void menu.refetch();
            void entries.refetch();
          }}
        />
      ) : !holder ? (
        <Text c="dimmed" ta="center" py="xl">
          {mode === 'profil' ? t('permission.noHolderProfil') : t('permission.noHolderUser')}
        </Text>
      ) : (
        <>
          {!readOnly && (
            <BulkApplyBar
              count={selected.size}
              saving={save.isPending}
              onApply={(patch) => saveFlags([...selected].map((itemId) => ({ itemId, patch })))}
            />
          )}
          <PermissionMatrix
            rows={rows}
            entries={entries.data}
            holder={matrixHolder}
            loading={menu.isPending || entries.isPending}
            readOnly={readOnly}
            saving={save.isPending}
            selected={selected}
            onSelect={(ids, checked) =>
              setSelected((s) => {
                const next = new Set(s);
                for (const id of ids) {
                  if (checked) next.add(id);
                  else next.delete(id);
                }
                return next;
              })
            }
            onCycle={(row, action) => {
              const own = entries.data ? ownEntry(entries.data, row.item.id, matrixHolder) : undefined;
              saveFlags([{ itemId: row.item.id, patch: { [action]: nextTriState(own?.permissions[action] ?? null) } }]);
            }}
          />
        </>
      )}
    </Stack>
  );
}

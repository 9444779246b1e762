import type { Utilisateur } from '@app/contracts';
import { Button, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { PaginationBar } from '../../../ui/pagination-bar.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import type { SortOrder } from '../../../ui/sortable-th.tsx';
import { usePaging } from '../../../ui/use-paging.ts';
import { useAbility } from '../../auth/index.ts';
import { UtilisateurFilters, type UtilisateurFilterValues } from '../components/utilisateur-filters.tsx';
import { UtilisateurFormModal } from '../components/utilisateur-form-modal.tsx';
import { type UtilisateurSortKey, UtilisateurTable } from '../components/utilisateur-table.tsx';
import { useDeleteUtilisateur, useSetUtilisateurEnabled, useUtilisateurs } from '../utilisateur.queries.ts';

const PAGE_SIZES = ['10', '25', '50', '100'];

/** /app/utilisateurs: the company's users, searched, filtered, sorted and paged by the server. */
export function UtilisateursPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const [filters, setFilters] = useState<UtilisateurFilterValues>({ search: '', enable: '', serviceId: null, profilId: null });
  const [debouncedSearch] = useDebouncedValue(filters.search, 300);
  const [sort, setSort] = useState<{ sort: UtilisateurSortKey; order: SortOrder }>({ sort: 'nom', order: 'asc' });
  const paging = usePaging(25);
  const [editing, setEditing] = useState<{ open: boolean; user: Utilisateur | null }>({ open: false, user: null });
  const [confirm, setConfirm] = useState<{ kind: 'deactivate' | 'delete'; user: Utilisateur } | null>(null);

  const list = useUtilisateurs({
    search: debouncedSearch.trim() || undefined,
    enable: filters.enable || undefined,
    serviceId: filters.serviceId ? Number(filters.serviceId) : undefined,
    profilId: filters.profilId ? Number(filters.profilId) : undefined,
    sort: sort.sort,
    order: sort.order,
    offset: paging.offset,
    perPage: paging.perPage,
  });
  const setEnabled = useSetUtilisateurEnabled();
  const remove = useDeleteUtilisateur();
  const total = list.data?.total ?? 0;
  const confirmName = confirm ? `${confirm.user.prenom} ${confirm.user.nom}` : '';

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('utilisateur.title')}
        actions={
          ability.can('create', 'Utilisateur') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, user: null })}>
              {t('utilisateur.new')}
            </Button>
          )
        }
      />
      <UtilisateurFilters
        value={filters}
        onChange={(patch) => {
          setFilters((f) => ({ ...f, ...patch }));
          paging.resetPage();
        }}
      />
      <QueryState query={list}>
        <UtilisateurTable
          rows={list.data?.items}
          loading={list.isPending}
          sort={sort.sort}
          order={sort.order}
          onSort={(s, o) => {
            setSort({ sort: s, order: o });
            paging.resetPage();
          }}
          onEdit={(user) => setEditing({ open: true, user })}
          onToggleEnable={(user) =>
            user.enable ? setConfirm({ kind: 'deactivate', user }) : setEnabled.mutate({ userId: user.id, enable: true })
          }
          onDelete={(user) => setConfirm({ kind: 'delete', user })}
        />
        <PaginationBar summary={t('utilisateur.count', { count: total })} total={total} perPageChoices={PAGE_SIZES} paging={paging} />
      </QueryState>
      <UtilisateurFormModal opened={editing.open} utilisateur={editing.user} onClose={() => setEditing((e) => ({ ...e, open: false }))} />
      <ConfirmModal
        opened={confirm !== null}
        title={confirm?.kind === 'delete' ? t('utilisateur.confirm.deleteTitle') : t('utilisateur.confirm.deactivateTitle')}
        message={
          confirm?.kind === 'delete'
            ? t('utilisateur.confirm.deleteText', { name: confirmName })
            : t('utilisateur.confirm.deactivateText', { name: confirmName })
        }
        confirmLabel={confirm?.kind === 'delete' ? t('common.delete') : t('utilisateur.actions.deactivate')}
        color={confirm?.kind === 'delete' ? 'red' : 'orange'}
        loading={setEnabled.isPending || remove.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          const done = { onSettled: () => setConfirm(null) };
          if (confirm.kind === 'delete') remove.mutate(confirm.user.id, done);
          else setEnabled.mutate({ userId: confirm.user.id, enable: false }, done);
        }}
      />
    </Stack>
  );
}

import type { Entreprise } from '@app/contracts';
import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../ui/confirm-modal.tsx';
import { PageHeader } from '../../../ui/page-header.tsx';
import { QueryError } from '../../../ui/query-error.tsx';
import { useAbility } from '../../auth/index.ts';
import { EntrepriseFormModal } from '../components/entreprise-form-modal.tsx';
import { EntrepriseTable } from '../components/entreprise-table.tsx';
import { LockModal } from '../components/lock-modal.tsx';
import { useArrangeEntreprises, useDeleteEntreprise, useEntreprises, useSendMasterOtp } from '../entreprise.queries.ts';

/** /app/entreprises (super admin): every company, ordered, with create, edit, lock and delete. */
export function EntreprisesPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const list = useEntreprises();
  const arrange = useArrangeEntreprises();
  const remove = useDeleteEntreprise();
  const sendOtp = useSendMasterOtp();
  const [editing, setEditing] = useState<{ open: boolean; entreprise: Entreprise | null }>({ open: false, entreprise: null });
  const [locking, setLocking] = useState<Entreprise | null>(null);
  const [deleting, setDeleting] = useState<Entreprise | null>(null);

  if (!ability.can('manage', 'Entreprise')) {
    return (
      <Alert color="red" variant="light" role="alert">
        {t('errors.forbidden')}
      </Alert>
    );
  }

  const rows = [...(list.data ?? [])].sort((a, b) => a.idx - b.idx || a.nom.localeCompare(b.nom, 'fr'));
  const move = (index: number, delta: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + delta, 0, id);
    arrange.mutate(ids);
  };

  return (
    <Stack gap={0}>
      <PageHeader
        title={t('entreprise.title')}
        actions={
          ability.can('create', 'Entreprise') && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ open: true, entreprise: null })}>
              {t('entreprise.new')}
            </Button>
          )
        }
      />
      {list.isPending ? (
        <Stack aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : list.isError ? (
        <QueryError error={list.error} onRetry={() => list.refetch()} />
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="lg">
          {t('entreprise.empty')}
        </Text>
      ) : (
        <EntrepriseTable
          rows={rows}
          busy={arrange.isPending}
          onMove={move}
          onEdit={(entreprise) => setEditing({ open: true, entreprise })}
          onLock={(e) => sendOtp.mutate(undefined, { onSuccess: () => setLocking(e) })}
          onDelete={setDeleting}
        />
      )}
      <EntrepriseFormModal
        opened={editing.open}
        entreprise={editing.entreprise}
        all={list.data ?? []}
        onClose={() => setEditing((s) => ({ ...s, open: false }))}
      />
      <LockModal entreprise={locking} onClose={() => setLocking(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('entreprise.confirmDelete.title')}
        message={t('entreprise.confirmDelete.text', { nom: deleting?.nom })}
        confirmLabel={t('common.delete')}
        typeToConfirm={deleting?.nom ?? ''}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}
      />
    </Stack>
  );
}

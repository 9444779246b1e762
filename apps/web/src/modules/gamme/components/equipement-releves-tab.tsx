import { formatDate, formatTime, type Releve } from '@app/contracts';
import { Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../ui/data-table.tsx';
import { QueryState } from '../../../ui/query-state.tsx';
import { ReasonModal } from '../../../ui/reason-modal.tsx';
import { DeleteRowAction } from '../../../ui/row-action.tsx';
import { useCancelReleve, useReleveHistory } from '../gamme.queries.ts';
import { frNumber } from '../gamme.util.ts';
import { LevelBadge } from './round-point-step.tsx';

const PER_PAGE = 20;

const valueText = (r: Releve) => {
  if (r.value === null) return '';
  const n = Number(r.value);
  const v = r.value !== '' && Number.isFinite(n) ? frNumber(n) : r.value;
  return r.unite ? `${v} ${r.unite}` : v;
};

/** Cancelling a reading: asked with its reason (the reading is kept, marked cancelled with who and why). */
function CancelReleveModal({ releve, onClose }: { releve: Releve | null; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelReleve();
  const close = () => {
    cancel.reset();
    onClose();
  };
  return (
    <ReasonModal
      opened={releve !== null}
      onClose={close}
      title={t('gamme.historique.cancelTitle')}
      text={
        releve &&
        t('gamme.historique.cancelText', {
          point: releve.pointNom,
          valeur: valueText(releve),
          date: `${formatDate(releve.capturedAt)} ${formatTime(releve.capturedAt)}`,
        })
      }
      label={t('gamme.historique.motif')}
      submitLabel={t('gamme.historique.cancelConfirm')}
      minLength={1}
      maxLength={500}
      submitting={cancel.isPending}
      error={cancel.error}
      onConfirm={(motif) => releve && cancel.mutate({ id: releve.id, motif }, { onSuccess: close })}
    />
  );
}

/**
 * The readings history of an equipment (newest first), with each level and the previous value; a reading may be
 * cancelled with a reason (kept and marked). For the equipment detail's « Relevés » tab.
 */
export function EquipementRelevesTab({ equipementId }: { equipementId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useReleveHistory(equipementId, page, PER_PAGE);
  const [cancelling, setCancelling] = useState<Releve | null>(null);
  return (
    <Stack gap="sm">
      <QueryState query={history}>
        {history.data?.total === 0 ? (
          // No table to scroll sideways when there is nothing in it (a scrollable region must hold something to reach).
          <Text c="dimmed" role="status">
            {t('gamme.historique.empty')}
          </Text>
        ) : (
          <DataTable
            minWidth={640}
            striped
            verticalSpacing="xs"
            aria-label={t('gamme.historique.title')}
            rows={history.data?.items}
            columns={6}
            empty={t('gamme.historique.empty')}
            head={
              <>
                <Table.Th>{t('gamme.historique.date')}</Table.Th>
                <Table.Th>{t('gamme.historique.point')}</Table.Th>
                <Table.Th>{t('gamme.historique.valeur')}</Table.Th>
                <Table.Th>{t('gamme.historique.niveau')}</Table.Th>
                <Table.Th>{t('gamme.historique.par')}</Table.Th>
                <Table.Th ta="right">{t('common.actions')}</Table.Th>
              </>
            }
          >
            {(r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  {formatDate(r.capturedAt)} {formatTime(r.capturedAt)}
                </Table.Td>
                <Table.Th scope="row" fw={500}>
                  {r.pointNom}
                  {r.comment && (
                    <Text size="xs" c="dimmed">
                      {r.comment}
                    </Text>
                  )}
                </Table.Th>
                <Table.Td>
                  <Text size="sm" td={r.cancelledAt ? 'line-through' : undefined}>
                    {valueText(r)}
                  </Text>
                  {r.precedent && (
                    <Text size="xs" c="dimmed">
                      {t('gamme.historique.precedent', { valeur: r.precedent.value ?? '' })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {r.cancelledAt ? (
                    <Badge color="gray" variant="outline" title={r.cancelReason ?? undefined}>
                      {t('gamme.historique.annule')}
                    </Badge>
                  ) : (
                    <LevelBadge niveau={r.niveau} />
                  )}
                </Table.Td>
                <Table.Td>{r.capturedByNom ?? ''}</Table.Td>
                <Table.Td>
                  <Group justify="flex-end">
                    {!r.cancelledAt && (
                      <DeleteRowAction
                        name={`${r.pointNom} ${formatDate(r.capturedAt)} ${formatTime(r.capturedAt)}`}
                        onClick={() => setCancelling(r)}
                      />
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
          </DataTable>
        )}
        {(history.data?.totalPage ?? 1) > 1 && (
          <Group justify="flex-end">
            <Pagination
              total={history.data?.totalPage ?? 1}
              value={page}
              onChange={setPage}
              getControlProps={(control) => ({
                'aria-label': control === 'next' ? t('common.nextPage') : control === 'previous' ? t('common.previousPage') : undefined,
              })}
            />
          </Group>
        )}
      </QueryState>
      <CancelReleveModal releve={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}

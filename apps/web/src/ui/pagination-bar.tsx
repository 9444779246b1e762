import { Group, Pagination, Select, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Paging } from './use-paging.ts';

interface PaginationBarProps {
  /** The count shown on the left (e.g. "42 processus"). */
  summary: string;
  total: number;
  perPageChoices: string[];
  paging: Paging;
}

/** Under a paged table: the total, the page size and the pages. */
export function PaginationBar({ summary, total, perPageChoices, paging }: PaginationBarProps) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed" aria-live="polite">
        {summary}
      </Text>
      <Group gap="sm">
        <Select
          aria-label={t('common.perPage')}
          data={perPageChoices}
          value={String(paging.perPage)}
          onChange={(v) => paging.setPerPage(Number(v ?? paging.perPage))}
          w={90}
          allowDeselect={false}
        />
        <Pagination
          total={Math.max(1, Math.ceil(total / paging.perPage))}
          value={paging.page}
          onChange={paging.setPage}
          getControlProps={(control) => ({
            'aria-label': control === 'next' ? t('common.nextPage') : control === 'previous' ? t('common.previousPage') : undefined,
          })}
        />
      </Group>
    </Group>
  );
}

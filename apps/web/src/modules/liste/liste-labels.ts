import type { ListColumn, ListVariant } from '@app/contracts';
import { useTranslation } from 'react-i18next';

/** The names of the lists and of their columns in the person's language (French: as in the contracts, a test). */
export function useListLabels() {
  const { t } = useTranslation();
  return {
    variant: (v: ListVariant): string => t(`navigation.lists.${v}`),
    column: (c: ListColumn): string => t(`navigation.columns.${c}`),
  };
}

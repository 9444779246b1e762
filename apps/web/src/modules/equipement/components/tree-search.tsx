import { Loader, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { memo, startTransition, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Called with the trimmed text once typing pauses (300 ms), as a transition: typing stays ahead of the tree. */
  onSearch: (search: string) => void;
  busy: boolean;
}

/**
 * The tree's search field. The text lives here: a key typed renders this field only, not the page and its tree of
 * 100,000 nodes; the page hears of the search when typing pauses.
 */
export const TreeSearch = memo(function TreeSearch({ onSearch, busy }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [debounced] = useDebouncedValue(text.trim(), 300);
  useEffect(() => {
    startTransition(() => onSearch(debounced));
  }, [debounced, onSearch]);
  return (
    <TextInput
      aria-label={t('equipement.search.label')}
      placeholder={t('equipement.search.placeholder')}
      leftSection={<IconSearch size={16} />}
      value={text}
      onChange={(e) => setText(e.currentTarget.value)}
      rightSection={busy ? <Loader size="xs" aria-label={t('common.loading')} /> : null}
    />
  );
});

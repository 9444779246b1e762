import { Checkbox, Select, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { equipementChoices } from '../../../lib/equipement-choices.ts';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useRemoteSearch } from '../../../ui/remote-select.tsx';
import { equipementKeys } from '../equipement.keys.ts';

interface CreateProps {
  opened: boolean;
  /** Where the new node goes: under this parent (null: a root); `parentName` names it in the title. */
  parentName: string | null;
  submitting: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (v: { name: string; number: string | null }) => void;
}

/** « Nouvel équipement »: its name and number, under the parent chosen in the tree. */
export function CreateNodeModal({ opened, parentName, submitting, error, onClose, onSubmit }: CreateProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [number, setNumber] = useState('');
  useEffect(() => {
    if (opened) {
      setName('');
      setNumber('');
    }
  }, [opened]);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={parentName ? t('equipement.create.titleUnder', { name: parentName }) : t('equipement.create.title')}
      error={error}
      submitting={submitting}
      submitDisabled={!name.trim()}
      onSubmit={() => onSubmit({ name: name.trim(), number: number.trim() || null })}
    >
      <TextInput
        label={t('equipement.fields.name')}
        required
        maxLength={255}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />
      <TextInput label={t('equipement.fields.number')} maxLength={100} value={number} onChange={(e) => setNumber(e.currentTarget.value)} />
    </FormModal>
  );
}

interface DuplicateProps {
  opened: boolean;
  name: string;
  submitting: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (withChildren: boolean) => void;
}

/** « Dupliquer »: a copy beside the original, with or without its children (never its readings or activities). */
export function DuplicateModal({ opened, name, submitting, error, onClose, onSubmit }: DuplicateProps) {
  const { t } = useTranslation();
  const [withChildren, setWithChildren] = useState(true);
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('equipement.duplicate.title', { name })}
      error={error}
      submitting={submitting}
      submitLabel={t('equipement.actions.duplicate')}
      onSubmit={() => onSubmit(withChildren)}
    >
      <Text size="sm">{t('equipement.duplicate.text')}</Text>
      <Checkbox
        label={t('equipement.duplicate.withChildren')}
        checked={withChildren}
        onChange={(e) => setWithChildren(e.currentTarget.checked)}
      />
    </FormModal>
  );
}

interface MoveProps {
  opened: boolean;
  name: string;
  submitting: boolean;
  error: unknown;
  onClose: () => void;
  /** The new parent (null: the root). */
  onSubmit: (parentId: number | null) => void;
}

const ROOT = 'root';

/** « Déplacer sous… »: the keyboard's way to re-parent, the new parent found by a search on the server. */
export function MoveUnderModal({ opened, name, submitting, error, onClose, onSubmit }: MoveProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<string | null>(null);
  const { search, setSearch, choices } = useRemoteSearch({
    queryKey: (words) => [...equipementKeys.all, 'options', words],
    load: equipementChoices,
    enabled: opened,
  });
  const data = [{ value: ROOT, label: t('equipement.move.root') }, ...choices.map((c) => ({ value: String(c.id), label: c.label }))];
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={t('equipement.move.title', { name })}
      error={error}
      submitting={submitting}
      submitDisabled={value === null}
      submitLabel={t('equipement.move.submit')}
      onSubmit={() => value !== null && onSubmit(value === ROOT ? null : Number(value))}
    >
      <Select
        label={t('equipement.move.parent')}
        searchable
        data-autofocus
        data={data}
        value={value}
        onChange={setValue}
        searchValue={search}
        onSearchChange={setSearch}
        filter={({ options: o }) => o}
        nothingFoundMessage={t('common.nothingFound')}
        comboboxProps={{ withinPortal: true }}
      />
    </FormModal>
  );
}

import * as API from '@app/contracts/api';
import { ActionIcon, Checkbox, Group, Select, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { type Affichage, useTableauMutation } from '../tableau.queries.ts';
import { type BoardColumn, type ColumnChoice, columnChoices, DEFAULT_SORT, moveItem, type Sort } from '../tableau-columns.ts';

interface AffichageFormModalProps {
  opened: boolean;
  tableauId: number;
  /** The display to edit; null to add one. */
  affichage: Affichage | null;
  columns: readonly BoardColumn[];
  /** May share a display with the board's users; otherwise a new display is personal. */
  canShare: boolean;
  onClose: () => void;
  onSaved: (a: Affichage) => void;
}

/** Add or edit a display: the columns shown and their order, the sort, and whether it is the author's only. */
export function AffichageFormModal({ opened, tableauId, affichage, columns, canShare, onClose, onSaved }: AffichageFormModalProps) {
  const { t } = useTranslation();
  const create = useTableauMutation(API.tableau.affichageCreate, { silentError: true });
  const update = useTableauMutation(API.tableau.affichageUpdate, { silentError: true });
  const save = affichage ? update : create;
  const [nom, setNom] = useState('');
  const [choices, setChoices] = useState<ColumnChoice[]>([]);
  const [tri, setTri] = useState<Sort>(DEFAULT_SORT);
  const [personnel, setPersonnel] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start again only when another display is opened
  useEffect(() => {
    if (!opened) return;
    setNom(affichage?.nom ?? '');
    setChoices(columnChoices(columns, affichage));
    setTri(affichage?.tri ?? DEFAULT_SORT);
    setPersonnel(affichage ? affichage.personnel : !canShare);
    create.reset();
    update.reset();
  }, [opened, affichage?.id]);

  const submit = () => {
    const colonnes = choices.map((c) => ({ key: c.key, visible: c.visible }));
    const done = { onSuccess: (a: Affichage) => onSaved(a) };
    if (affichage) update.mutate({ body: { id: affichage.id, nom: nom.trim(), colonnes, tri, ...(canShare ? { personnel } : {}) } }, done);
    else create.mutate({ body: { tableauId, nom: nom.trim(), colonnes, tri, personnel } }, done);
  };
  const visible = choices.filter((c) => c.visible);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={affichage ? t('tableau.affichage.editTitle', { nom: affichage.nom }) : t('tableau.affichage.new')}
      size="lg"
      onSubmit={submit}
      error={save.error}
      submitting={save.isPending}
      submitDisabled={!nom.trim() || visible.length === 0}
    >
      <TextInput label={t('tableau.affichage.nom')} value={nom} onChange={(e) => setNom(e.currentTarget.value)} required data-autofocus />
      <Switch
        label={t('tableau.affichage.personnel')}
        description={canShare ? undefined : t('tableau.affichage.personnelOnly')}
        checked={personnel}
        onChange={(e) => setPersonnel(e.currentTarget.checked)}
        disabled={!canShare}
      />
      <Stack gap={6} component="section" aria-label={t('tableau.affichage.colonnes')}>
        <Title order={3} size="h5">
          {t('tableau.affichage.colonnes')}
        </Title>
        {choices.map((c, i) => (
          <Group key={c.key} justify="space-between" wrap="nowrap">
            <Checkbox
              label={c.label}
              checked={c.visible}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setChoices((list) => list.map((x) => (x.key === c.key ? { ...x, visible: on } : x)));
              }}
            />
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={t('tableau.affichage.up', { column: c.label })}
                disabled={i === 0}
                onClick={() => setChoices((list) => moveItem(list, i, -1))}
              >
                <IconArrowUp size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={t('tableau.affichage.down', { column: c.label })}
                disabled={i === choices.length - 1}
                onClick={() => setChoices((list) => moveItem(list, i, 1))}
              >
                <IconArrowDown size={16} />
              </ActionIcon>
            </Group>
          </Group>
        ))}
        {visible.length === 0 && (
          <Text size="sm" c="red.9">
            {t('tableau.affichage.noColumn')}
          </Text>
        )}
      </Stack>
      <Group grow>
        <Select
          label={t('tableau.affichage.sortKey')}
          data={choices.map((c) => ({ value: c.key, label: c.label }))}
          value={tri.key}
          onChange={(v) => v && setTri((s) => ({ ...s, key: v }))}
          allowDeselect={false}
        />
        <Select
          label={t('tableau.affichage.sortOrder')}
          data={[
            { value: 'asc', label: t('tableau.affichage.asc') },
            { value: 'desc', label: t('tableau.affichage.desc') },
          ]}
          value={tri.order}
          onChange={(v) => v && setTri((s) => ({ ...s, order: v as Sort['order'] }))}
          allowDeselect={false}
        />
      </Group>
    </FormModal>
  );
}

import { holdsValue, type Tableau } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { useWorkflows } from '../../workflow/index.ts';
import { useFieldsById, useTableauMutation } from '../tableau.queries.ts';
import { TABLEAU_ICONS, TableauIcon } from './tableau-icon.tsx';

interface TableauFormModalProps {
  opened: boolean;
  /** The board to edit; null to create one. */
  tableau: Tableau | null;
  onClose: () => void;
  onSaved?: (t: Tableau) => void;
}

// Signatures and files are shown in the process, not as a column.
const asColumn = (dataType: string) => holdsValue(dataType) && dataType !== 'signature' && dataType !== 'file';

/** Create or edit a board: name, icon, workflows, and fields of those workflows shown as columns. */
export function TableauFormModal({ opened, tableau, onClose, onSaved }: TableauFormModalProps) {
  const { t } = useTranslation();
  const workflows = useWorkflows();
  const { models } = useFieldsById();
  const create = useTableauMutation(API.tableau.create, { silentError: true });
  const update = useTableauMutation(API.tableau.update, { silentError: true });
  const save = tableau ? update : create;
  const [nom, setNom] = useState('');
  const [icon, setIcon] = useState<string | null>('layout-board');
  const [wfs, setWfs] = useState<string[]>([]);
  const [metriques, setMetriques] = useState<string[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start again only when another board is opened
  useEffect(() => {
    if (!opened) return;
    setNom(tableau?.nom ?? '');
    setIcon(tableau ? tableau.icon : 'layout-board');
    setWfs((tableau?.workflows ?? []).map(String));
    setMetriques((tableau?.metriques ?? []).map(String));
    create.reset();
    update.reset();
  }, [opened, tableau?.id]);

  // The fields of the chosen workflows, grouped by workflow.
  const fieldGroups = (models.data ?? [])
    .filter((m) => wfs.includes(String(m.id)))
    .map((m) => ({
      group: m.libelle,
      items: m.metriques.filter((f) => asColumn(f.dataType)).map((f) => ({ value: String(f.id), label: f.nom })),
    }))
    .filter((g) => g.items.length > 0);
  const offered = new Set(fieldGroups.flatMap((g) => g.items.map((i) => i.value)));

  const submit = () => {
    const body = {
      nom: nom.trim(),
      icon,
      workflows: wfs.map(Number),
      // Fields of a workflow taken off the board go with it (known once the models are loaded).
      metriques: (models.data ? metriques.filter((m) => offered.has(m)) : metriques).map(Number),
    };
    const done = { onSuccess: (r: Tableau) => onSaved?.(r) };
    if (tableau) update.mutate({ body: { id: tableau.id, ...body } }, done);
    else create.mutate({ body }, done);
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={tableau ? t('tableau.form.editTitle', { nom: tableau.nom }) : t('tableau.form.createTitle')}
      size="lg"
      onSubmit={submit}
      error={save.error}
      submitting={save.isPending}
      submitDisabled={!nom.trim()}
    >
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          label={t('tableau.fields.nom')}
          value={nom}
          onChange={(e) => setNom(e.currentTarget.value)}
          required
          data-autofocus
          flex={1}
        />
        <Select
          label={t('tableau.fields.icon')}
          data={TABLEAU_ICONS.map((i) => ({ value: i.value, label: i.label }))}
          value={icon}
          onChange={setIcon}
          leftSection={<TableauIcon name={icon} size={16} />}
          w={200}
        />
      </Group>
      <MultiSelect
        label={t('tableau.fields.workflows')}
        data={(workflows.data ?? []).map((w) => ({ value: String(w.id), label: w.libelle }))}
        value={wfs}
        onChange={setWfs}
        searchable
        placeholder={wfs.length ? undefined : t('tableau.form.chooseWorkflows')}
      />
      <MultiSelect
        label={t('tableau.fields.metriques')}
        description={t('tableau.form.metriquesHint')}
        data={fieldGroups}
        value={metriques.filter((m) => offered.has(m) || models.isPending)}
        onChange={setMetriques}
        searchable
        disabled={wfs.length === 0}
        nothingFoundMessage={t('common.nothingFound')}
      />
    </FormModal>
  );
}

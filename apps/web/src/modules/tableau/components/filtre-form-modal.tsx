import type { Critere } from '@app/contracts';
import * as API from '@app/contracts/api';
import { TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../ui/form-modal.tsx';
import { type Filtre, useTableauMutation } from '../tableau.queries.ts';
import { type CritereContext, criteresPayload, isComplete } from '../tableau-criteres.ts';
import { CritereEditor } from './critere-editor.tsx';

interface FiltreFormModalProps {
  opened: boolean;
  tableauId: number;
  /** The filter to edit; null to add one. */
  filtre: Filtre | null;
  metriques: readonly number[];
  ctx: CritereContext;
  onClose: () => void;
  /** Called with the saved filter (e.g. to show its tab). */
  onSaved: (f: Filtre) => void;
}

/** Add or edit a filter of a board: its name (the tab) and its criteria (all must hold). */
export function FiltreFormModal({ opened, tableauId, filtre, metriques, ctx, onClose, onSaved }: FiltreFormModalProps) {
  const { t } = useTranslation();
  const create = useTableauMutation(API.tableau.filtreCreate, { silentError: true });
  const update = useTableauMutation(API.tableau.filtreUpdate, { silentError: true });
  const save = filtre ? update : create;
  const [nom, setNom] = useState('');
  const [criteres, setCriteres] = useState<Critere[]>([]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: start again only when another filter is opened
  useEffect(() => {
    if (!opened) return;
    setNom(filtre?.nom ?? '');
    setCriteres(filtre?.criteres ?? []);
    create.reset();
    update.reset();
  }, [opened, filtre?.id]);

  const submit = () => {
    const body = { nom: nom.trim(), criteres: criteresPayload(criteres) };
    const done = { onSuccess: (f: Filtre) => onSaved(f) };
    if (filtre) update.mutate({ body: { id: filtre.id, ...body } }, done);
    else create.mutate({ body: { tableauId, ...body } }, done);
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={filtre ? t('tableau.filtre.editTitle', { nom: filtre.nom }) : t('tableau.filtre.new')}
      size="xl"
      onSubmit={submit}
      error={save.error}
      submitting={save.isPending}
      submitDisabled={!nom.trim() || !criteres.every(isComplete)}
    >
      <TextInput label={t('tableau.filtre.nom')} value={nom} onChange={(e) => setNom(e.currentTarget.value)} required data-autofocus />
      <CritereEditor criteres={criteres} onChange={setCriteres} metriques={metriques} ctx={ctx} />
    </FormModal>
  );
}

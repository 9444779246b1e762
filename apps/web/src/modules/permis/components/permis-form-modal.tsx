import {
  COMPLEMENTS_PERMIS,
  finDeValiditeParDefaut,
  formatFull,
  type ModeValidite,
  type Permis,
  type TypePermis,
  VALIDITE_DEFAUT_HEURES,
} from '@app/contracts';
import * as API from '@app/contracts/api';
import { Checkbox, Group, Radio, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../lib/labels.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { DateTimeInput } from '../../../ui/date-fields.tsx';
import { FormModal } from '../../../ui/form-modal.tsx';
import { usePermisAction } from '../permis.queries.ts';
import { chosenLockouts, type LockoutChoice, LockoutPicker } from './lockout-picker.tsx';
import { wallToIso } from './permis-actions.tsx';

interface Values {
  type: TypePermis;
  complements: string[];
  modeValidite: ModeValidite;
  debut: string | null;
  fin: string | null;
  travaux: string;
  mesures: string;
  consignations: LockoutChoice[];
}

const feuOf = (v: Pick<Values, 'type' | 'complements'>) => v.type === 'feu' || v.complements.includes('feu');

/** The end a new permit's window gets until the person sets one: the company's default validity from its start. */
function defaultEnd(v: Values, heures: number): string | null {
  const debut = wallToIso(v.debut);
  if (!debut) return v.fin;
  return formatFull(finDeValiditeParDefaut({ dateDebut: debut, heures, feu: feuOf(v), modeValidite: feuOf(v) ? v.modeValidite : null }));
}

function initial(p: Permis | null, now: number, heures: number, consignations: LockoutChoice[]): Values {
  const v: Values = {
    type: p?.type ?? 'travail',
    complements: p?.complements ?? [],
    modeValidite: p?.modeValidite ?? 'jour',
    debut: formatFull(p ? p.dateDebut : new Date(now)),
    fin: p ? formatFull(p.dateFin) : null,
    travaux: p?.travaux ?? '',
    mesures: p?.mesures ?? '',
    consignations,
  };
  return p ? v : { ...v, fin: defaultEnd(v, heures) };
}

interface Props {
  opened: boolean;
  onClose: () => void;
  processId: number;
  /** The permit while it is only requested (null: record it). */
  permis: Permis | null;
  now: number;
  /** The company's default validity (hours): a new permit's end follows its start by it until the person sets one. */
  validiteHeures?: number;
  onChanged?: () => void;
}

/**
 * Records the permit of a process, or changes it while it is only requested and unsigned: base permit or permis de
 * feu, complementary permits, the validity window (a hot-work permit: the day or one operation; a new permit's end
 * pre-filled with the company's default validity), the lockouts it relies on, works and measures.
 */
export function PermisFormModal({ opened, onClose, processId, permis, now, validiteHeures = VALIDITE_DEFAUT_HEURES, onChanged }: Props) {
  const { t } = useTranslation();
  const label = useCodeLabel();
  const [v, setValues] = useState<Values>(() => initial(permis, now, validiteHeures, chosenLockouts(label, permis)));
  // A new permit's end follows its start, type and mode until the person sets it.
  const [finAuto, setFinAuto] = useState(permis === null);
  const setV = (next: Values) => setValues(finAuto ? { ...next, fin: defaultEnd(next, validiteHeures) } : next);
  const [touched, setTouched] = useState(false);
  const save = usePermisAction(API.permis.update, processId, onChanged);
  const feu = feuOf(v);
  const debut = wallToIso(v.debut);
  const fin = wallToIso(v.fin);
  const finError = !touched ? undefined : !fin ? t('permis.form.required') : debut && fin <= debut ? t('permis.form.finAfter') : undefined;
  const debutError = touched && !debut ? t('permis.form.required') : undefined;
  const close = () => {
    save.reset();
    setTouched(false);
    onClose();
  };
  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={permis ? t('permis.form.editTitle') : t('permis.form.createTitle')}
      centered
      noValidate
      error={save.error}
      submitting={save.isPending}
      submitLabel={t('common.save')}
      onSubmit={() => {
        setTouched(true);
        if (!debut || !fin || fin <= debut) return;
        save.mutate(
          {
            body: {
              processId,
              version: permis?.version,
              type: v.type,
              complements: v.complements.filter((c) => !(v.type === 'feu' && c === 'feu')) as Permis['complements'],
              modeValidite: feu ? v.modeValidite : null,
              dateDebut: debut,
              dateFin: fin,
              travaux: v.travaux.trim() || null,
              mesures: v.mesures.trim() || null,
              consignationIds: v.consignations.map((c) => c.id),
            },
          },
          {
            onSuccess: () => {
              notifySuccess(t('permis.form.saved'));
              close();
            },
          },
        );
      }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={500} id="permis-form-type">
          {t('permis.form.type')}
        </Text>
        <SegmentedControl
          aria-labelledby="permis-form-type"
          value={v.type}
          onChange={(type) => setV({ ...v, type: type as TypePermis })}
          data={(['travail', 'feu'] as const).map((x) => ({ value: x, label: t(`permis.types.${x}`) }))}
        />
      </Stack>
      <Checkbox.Group label={t('permis.complements.title')} value={v.complements} onChange={(complements) => setV({ ...v, complements })}>
        <Group gap="sm" mt={4}>
          {COMPLEMENTS_PERMIS.filter((c) => !(v.type === 'feu' && c === 'feu')).map((c) => (
            <Checkbox key={c} value={c} label={t(`permis.complementLabels.${c}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      {feu && (
        <Radio.Group
          label={t('permis.form.modeValidite')}
          description={t('permis.form.modeHint')}
          value={v.modeValidite}
          onChange={(m) => setV({ ...v, modeValidite: m as ModeValidite })}
        >
          <Group gap="sm" mt={4}>
            <Radio value="jour" label={t('permis.modes.jour')} />
            <Radio value="operation" label={t('permis.modes.operation')} />
          </Group>
        </Radio.Group>
      )}
      <Group grow align="flex-start" wrap="wrap">
        <DateTimeInput
          label={t('permis.form.debut')}
          required
          value={v.debut}
          onChange={(debut) => setV({ ...v, debut })}
          error={debutError}
          miw={200}
        />
        <DateTimeInput
          label={t('permis.form.fin')}
          required
          value={v.fin}
          onChange={(f) => {
            setFinAuto(false);
            setValues({ ...v, fin: f });
          }}
          description={finAuto ? t('permis.form.finDefault', { count: validiteHeures }) : undefined}
          error={finError}
          miw={200}
        />
      </Group>
      <LockoutPicker value={v.consignations} onChange={(consignations) => setV({ ...v, consignations })} />
      <Textarea
        label={t('permis.works.travaux')}
        value={v.travaux}
        maxLength={1000}
        autosize
        minRows={2}
        onChange={(e) => setV({ ...v, travaux: e.currentTarget.value })}
      />
      <Textarea
        label={t('permis.works.mesures')}
        value={v.mesures}
        maxLength={1000}
        autosize
        minRows={2}
        onChange={(e) => setV({ ...v, mesures: e.currentTarget.value })}
      />
    </FormModal>
  );
}

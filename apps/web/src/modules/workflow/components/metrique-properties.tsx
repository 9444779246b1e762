import { type HeaderField, headerFieldsFor, isRoundField, type Metrique } from '@app/contracts';
import * as API from '@app/contracts/api';
import {
  Alert,
  Button,
  Card,
  Divider,
  Group,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeLabel } from '../../../lib/labels.ts';
import { messageOfError, notifySuccess } from '../../../lib/notify.ts';
import {
  useGammeChoices,
  useGammePointChoices,
  useReferableMetriques,
  useWorkflowMutation,
  useWorkflowsForEdition,
} from '../workflow.queries.ts';
import { conditionCandidates, fromDrafts, OPTION_KINDS, toDrafts, typeLabel } from '../workflow-editor.util.ts';
import { ConditionsEditor } from './conditions-editor.tsx';
import { useEditor } from './editor-context.ts';
import { type OptionDraft, OptionsEditor } from './options-editor.tsx';

const num = (v: string | number): number | undefined => (v === '' || v === undefined ? undefined : Number(v));

function optionDrafts(m: Metrique): OptionDraft[] {
  const excluded = (m.propertyValues.excludedIds ?? []).map(String);
  return (m.propertyValues.options ?? []).map((o) => ({
    id: String(o.id),
    libelle: o.libelle,
    en: o.libelles?.en ?? '',
    excluded: excluded.includes(String(o.id)),
  }));
}

/** Properties of the selected field: label, flags, options, limits, conditions, reference, action target. */
export function MetriqueProperties({ metrique: m }: { metrique: Metrique }) {
  const { t } = useTranslation();
  const codeLabel = useCodeLabel();
  const { model, canEdit } = useEditor();
  const update = useWorkflowMutation(API.workflow.metriqueUpdate, { silentError: true });
  const updateAction = useWorkflowMutation(API.workflow.updateActionMetrique, { silentError: true });
  const referable = useReferableMetriques(m.etape_id);
  const models = useWorkflowsForEdition();
  const pv = m.propertyValues;
  const [nom, setNom] = useState(m.nom);
  const [required, setRequired] = useState(m.required);
  const [hidden, setHidden] = useState(m.hidden);
  const [options, setOptions] = useState(() => optionDrafts(m));
  const [multiple, setMultiple] = useState(Boolean(pv.multiple));
  const [min, setMin] = useState<string | number>(pv.min ?? '');
  const [max, setMax] = useState<string | number>(pv.max ?? '');
  const [unit, setUnit] = useState(pv.unit ?? '');
  const [accept, setAccept] = useState((pv.accept ?? []).join(', '));
  const [maxFiles, setMaxFiles] = useState<string | number>(pv.maxFiles ?? '');
  const [conditions, setConditions] = useState(() => toDrafts(m.conditions));
  const [refId, setRefId] = useState<string | null>(m.references ? String(m.references.metriqueId) : null);
  const [refMode, setRefMode] = useState<'show' | 'reuse'>(m.references?.mode ?? 'show');
  const [target, setTarget] = useState<string | null>(pv.processModeleId ? String(pv.processModeleId) : null);
  // The process header value this field feeds (equipment, dates, contractors…), among those its kind may feed.
  const headerChoices = headerFieldsFor(m.dataType);
  const [processField, setProcessField] = useState<string | null>(pv.processField ?? null);
  const [error, setError] = useState<string | null>(null);
  // A reading field (gamme_releves, etape_gamme_releves): its gamme, and for a part of a round the points it covers.
  const isRound = isRoundField(m.dataType);
  const [gammeId, setGammeId] = useState<string | null>(typeof pv.gammeId === 'number' ? String(pv.gammeId) : null);
  const [gammePointIds, setGammePointIds] = useState<string[]>(() => (Array.isArray(pv.gammePointIds) ? pv.gammePointIds.map(String) : []));

  const all = model.etapes
    .flatMap((e) => e.metriques)
    .flatMap(function walk(f): Metrique[] {
      return [f, ...(f.children ?? []).flatMap(walk)];
    });
  const etapeNom = (id: number) => model.etapes.find((e) => e.id === id)?.nom ?? '';
  const isOptions = OPTION_KINDS.has(m.dataType);
  const isAction = m.dataType === 'action_button';
  const disabled = !canEdit;

  const save = async () => {
    setError(null);
    const conds = fromDrafts(conditions);
    if (!conds.ok) return setError(conds.error);
    const ids = options.map((o) => o.id.trim());
    if (isOptions && (ids.some((id) => !id) || new Set(ids).size !== ids.length)) return setError(t('workflow.options.badIds'));
    const propertyValues: Record<string, unknown> = { ...pv };
    const set = (k: string, v: unknown) => {
      if (v === undefined || v === '') delete propertyValues[k];
      else propertyValues[k] = v;
    };
    if (isOptions) {
      set(
        'options',
        options.map((o) => ({ id: o.id.trim(), libelle: o.libelle.trim(), ...(o.en.trim() ? { libelles: { en: o.en.trim() } } : {}) })),
      );
      set(
        'excludedIds',
        options.filter((o) => o.excluded).map((o) => o.id.trim()),
      );
      set('multiple', m.dataType === 'select' ? multiple : undefined);
    }
    if (m.dataType === 'number') {
      set('min', num(min));
      set('max', num(max));
      set('unit', unit.trim());
    }
    if (headerChoices.length) set('processField', processField ?? undefined);
    if (isRound) {
      set('gammeId', gammeId ? Number(gammeId) : undefined);
      const partIds = m.dataType === 'etape_gamme_releves' && gammeId ? gammePointIds.map(Number) : [];
      set('gammePointIds', partIds.length ? partIds : undefined);
    }
    if (m.dataType === 'file') {
      const list = accept
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      set('accept', list.length ? list : undefined);
      set('maxFiles', num(maxFiles));
    }
    try {
      await update.mutateAsync({
        body: {
          id: m.id,
          nom: nom.trim(),
          required,
          hidden,
          propertyValues,
          conditions: conds.conditions,
          references: refId ? { metriqueId: Number(refId), mode: refMode } : null,
        },
      });
      if (isAction && target && Number(target) !== pv.processModeleId) {
        await updateAction.mutateAsync({ body: { id: m.id, processModeleId: Number(target) } });
      }
      notifySuccess();
    } catch (e) {
      setError(messageOfError(e));
    }
  };

  return (
    <Card withBorder padding="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('workflow.properties')}
            </Title>
            <Text size="xs" c="dimmed">
              {typeLabel(m.dataType, codeLabel)}
            </Text>
          </Group>
          <TextInput
            label={t('workflow.fieldNom')}
            value={nom}
            onChange={(e) => setNom(e.currentTarget.value)}
            disabled={disabled}
            required
          />
          <Group>
            <Switch
              label={t('workflow.required')}
              checked={required}
              onChange={(e) => setRequired(e.currentTarget.checked)}
              disabled={disabled}
            />
            <Switch
              label={t('workflow.hidden')}
              checked={hidden}
              onChange={(e) => setHidden(e.currentTarget.checked)}
              disabled={disabled}
            />
          </Group>
          {isOptions && (
            <>
              <Divider />
              <OptionsEditor value={options} onChange={setOptions} disabled={disabled} />
              {m.dataType === 'select' && (
                <Switch
                  label={t('workflow.options.multiple')}
                  checked={multiple}
                  onChange={(e) => setMultiple(e.currentTarget.checked)}
                  disabled={disabled}
                />
              )}
            </>
          )}
          {m.dataType === 'number' && (
            <Group grow>
              <NumberInput label={t('workflow.min')} value={min} onChange={setMin} disabled={disabled} />
              <NumberInput label={t('workflow.max')} value={max} onChange={setMax} disabled={disabled} />
              <TextInput label={t('workflow.unit')} value={unit} onChange={(e) => setUnit(e.currentTarget.value)} disabled={disabled} />
            </Group>
          )}
          {m.dataType === 'file' && (
            <Group grow>
              <TextInput
                label={t('workflow.accept')}
                description={t('workflow.acceptHelp')}
                value={accept}
                onChange={(e) => setAccept(e.currentTarget.value)}
                disabled={disabled}
              />
              <NumberInput label={t('workflow.maxFiles')} min={1} max={50} value={maxFiles} onChange={setMaxFiles} disabled={disabled} />
            </Group>
          )}
          {headerChoices.length > 0 && (
            <Select
              label={t('processHeader.source')}
              description={t(m.dataType === 'hour' ? 'processHeader.sourceHourHelp' : 'processHeader.sourceHelp')}
              placeholder={t('processHeader.none')}
              data={headerChoices.map((h: HeaderField) => ({ value: h, label: t(`processHeader.fields.${h}`) }))}
              value={processField}
              onChange={setProcessField}
              clearable
              disabled={disabled}
            />
          )}
          {isRound && (
            <RoundFieldSettings
              part={m.dataType === 'etape_gamme_releves'}
              gammeId={gammeId}
              onGamme={(id) => {
                setGammeId(id);
                setGammePointIds([]);
              }}
              pointIds={gammePointIds}
              onPoints={setGammePointIds}
              disabled={disabled}
            />
          )}
          {isAction && (
            <Select
              label={t('workflow.actionTarget')}
              description={t('workflow.actionTargetHelp')}
              data={model.config.workflowModelsToCreate.map((id) => ({
                value: String(id),
                label: models.data?.find((x) => x.id === id)?.libelle ?? `#${id}`,
              }))}
              value={target}
              onChange={setTarget}
              disabled={disabled}
            />
          )}
          <Divider />
          <ConditionsEditor
            value={conditions}
            onChange={setConditions}
            candidates={conditionCandidates(all, m.id)}
            disabled={disabled}
            etapeNom={etapeNom}
          />
          <Divider />
          <Stack gap={4}>
            <Select
              label={t('workflow.reference')}
              description={t('workflow.referenceHelp')}
              placeholder={referable.isLoading ? t('common.loading') : t('workflow.noReference')}
              data={(referable.data ?? []).map((f) => ({ value: String(f.id), label: `${f.nom} (${etapeNom(f.etape_id)})` }))}
              value={refId}
              onChange={setRefId}
              clearable
              disabled={disabled}
              error={referable.isError ? messageOfError(referable.error) : undefined}
            />
            {refId && (
              <SegmentedControl
                size="xs"
                aria-label={t('workflow.referenceMode')}
                value={refMode}
                onChange={(v) => setRefMode(v as 'show' | 'reuse')}
                disabled={disabled}
                data={[
                  { value: 'show', label: t('workflow.referenceShow') },
                  { value: 'reuse', label: t('workflow.referenceReuse') },
                ]}
              />
            )}
          </Stack>
          {error && (
            <Alert color="red" variant="light" role="alert">
              {error}
            </Alert>
          )}
          {canEdit && (
            <Group justify="flex-end">
              <Button type="submit" loading={update.isPending || updateAction.isPending}>
                {t('workflow.saveField', { name: m.nom })}
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Card>
  );
}

/** The gamme of a reading field and, for a part of a round, the points of that gamme its step covers. */
function RoundFieldSettings(props: {
  part: boolean;
  gammeId: string | null;
  onGamme: (id: string | null) => void;
  pointIds: string[];
  onPoints: (ids: string[]) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const gammes = useGammeChoices();
  const points = useGammePointChoices(Number(props.gammeId ?? 0), props.part && props.gammeId !== null);
  return (
    <>
      <Select
        label={t('gamme.processField.gamme')}
        description={t('gamme.processField.gammeHelp')}
        placeholder={gammes.isLoading ? t('common.loading') : undefined}
        data={(gammes.data ?? []).map((g) => ({ value: String(g.id), label: g.libelle }))}
        value={props.gammeId}
        onChange={props.onGamme}
        searchable
        required
        disabled={props.disabled}
        error={gammes.isError ? messageOfError(gammes.error) : undefined}
      />
      {props.part && props.gammeId && (
        <MultiSelect
          label={t('gamme.processField.points')}
          description={t('gamme.processField.pointsHelp')}
          data={[...(points.data ?? [])].sort((a, b) => a.idx - b.idx).map((p) => ({ value: String(p.id), label: p.nom }))}
          value={props.pointIds}
          onChange={props.onPoints}
          searchable
          disabled={props.disabled}
        />
      )}
    </>
  );
}

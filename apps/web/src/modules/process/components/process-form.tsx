import { ETAT_ETAPE, formatDate, formatTime, holdsValue, type Metrique, type ProcessModele } from '@app/contracts';
import * as API from '@app/contracts/api';
import { Accordion, Alert, Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp, IconDeviceFloppy, IconSignature } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { callApi, isApiError } from '../../../lib/api.ts';
import { useCodeLabel } from '../../../lib/labels.ts';
import { messageOfError, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAbility, useCurrentSession } from '../../auth/index.ts';
import { type GateRefusal, gateRefusalOf, StepHabilitations } from '../../habilitation/index.ts';
import { processKeys } from '../process.keys.ts';
import { type ProcessData, useProcessAction, useStepControls } from '../process.queries.ts';
import { fieldErrorsOf, flatten, ordered, sentAsData, stepViews } from '../process.util.ts';
import { FieldContext, type FieldContextValue } from './field-context.ts';
import { MetriqueField } from './metrique-field.tsx';
import { isFreeReference, referenceToSave } from './reference-fields.tsx';
import { StepActions } from './step-actions.tsx';
import { StepTimeRules } from './step-time-rules.tsx';

type Values = Record<string, unknown>;

/**
 * The Formulaire tab: earlier steps read-only (collapsible), the current step's form with its conditions, and
 * Enregistrer / Signer / Renvoyer / Passer l'étape when the caller may act on the step.
 */
export function ProcessForm({ process: p, modele }: { process: ProcessData; modele: ProcessModele | undefined }) {
  const { t } = useTranslation();
  const session = useCurrentSession();
  const ability = useAbility();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [edits, setEdits] = useState<Values>({});
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<{ message: string; conflict: boolean; refusal?: GateRefusal | null } | null>(null);
  const [actionPending, setActionPending] = useState(false);

  const codeLabel = useCodeLabel();
  const steps = stepViews(p, codeLabel);
  const current = steps.find((s) => s.current) ?? null;
  const controls = useStepControls(p.id, current?.id ?? null, p.version);
  const canUpdate = ability.can('update', 'Process') && p.abilities?.update !== false;
  const canAct = canUpdate && controls.data?.canAct === true;
  const editable = canAct && p.etat === 'en_cours';

  const fieldsByStep = useMemo(() => new Map((modele?.etapes ?? []).map((e) => [e.id, e.metriques])), [modele]);
  const allFields = useMemo(() => flatten((modele?.etapes ?? []).flatMap((e) => e.metriques)), [modele]);
  const currentFields = current ? (fieldsByStep.get(current.id) ?? []) : [];
  const currentFlat = flatten(currentFields);
  const values: Values = { ...p.rawData, ...edits };

  const dataEdits = () => {
    const own = new Map(currentFlat.filter((f) => sentAsData(f, holdsValue)).map((f) => [String(f.id), f]));
    // Free references are trimmed here, on save, not while typing (spaces inside an identifier are kept).
    return Object.fromEntries(
      Object.entries(edits)
        .filter(([k]) => own.has(k))
        .map(([k, v]) => [k, isFreeReference(own.get(k)?.dataType ?? '') ? referenceToSave(v) : v]),
    );
  };
  const stepSignatures = () => {
    const own = new Set(currentFlat.filter((f) => f.dataType === 'signature').map((f) => String(f.id)));
    return Object.entries(drafts)
      .filter(([k]) => own.has(k))
      .map(([k, image]) => ({ metriqueId: Number(k), image }));
  };
  const dirty = Object.keys(dataEdits()).length > 0;

  const reset = () => {
    setEdits({});
    setDrafts({});
    setErrors({});
    setFailure(null);
  };
  const onFailure = (e: unknown) => {
    if (isApiError(e) && e.status === 400) setErrors(fieldErrorsOf(e.detail, t('process.field.required')));
    setFailure({ message: messageOfError(e), conflict: isApiError(e) && e.status === 409, refusal: gateRefusalOf(e) });
  };
  const reload = async () => {
    reset();
    await queryClient.invalidateQueries({ queryKey: processKeys.one(p.id) });
  };

  const save = useProcessAction(API.process.updateV3, p.id);
  const sign = useProcessAction(API.process.sign, p.id);

  const submitSave = () => {
    setFailure(null);
    setErrors({});
    save.mutate(
      { body: { id: p.id, version: p.version, rawData: dataEdits() } },
      {
        onSuccess: () => {
          setEdits({});
          notifySuccess(t('process.form.saved'));
        },
        onError: onFailure,
      },
    );
  };
  const submitSign = () => {
    if (!current) return;
    setFailure(null);
    setErrors({});
    const rawData = dataEdits();
    const signatures = stepSignatures();
    sign.mutate(
      {
        body: {
          id: p.id,
          etapeId: current.id,
          version: p.version,
          rawData: Object.keys(rawData).length ? rawData : undefined,
          signatures: signatures.length ? signatures : undefined,
        },
      },
      {
        onSuccess: (next) => {
          reset();
          notifySuccess(next.etat === 'termine' ? t('process.form.finished') : t('process.form.signed', { nom: current.nom }));
        },
        onError: onFailure,
      },
    );
  };

  const createChild = async (f: Metrique) => {
    if (!f.propertyValues.processModeleId) return;
    setActionPending(true);
    try {
      const child = await callApi(API.process.createV3, { body: { processModeleId: f.propertyValues.processModeleId, parentId: p.id } });
      await queryClient.invalidateQueries({ queryKey: processKeys.all });
      notifySuccess(t('process.form.childCreated'));
      void navigate(`/app/processus/${child.id}`);
    } catch (e) {
      notifyError(e);
    } finally {
      setActionPending(false);
    }
  };

  const ctx: FieldContextValue = {
    process: p,
    values,
    setValue: (id, v) => {
      setEdits((old) => ({ ...old, [String(id)]: v }));
      setErrors((old) => {
        if (!(String(id) in old)) return old;
        const { [String(id)]: _, ...rest } = old;
        return rest;
      });
    },
    readOnly: !editable,
    errors,
    language: session.languageCode,
    entrepriseId: session.idCompany,
    userId: session.idUser,
    signatureDrafts: drafts,
    setSignatureDraft: (id, url) =>
      setDrafts((old) => {
        const { [String(id)]: _, ...rest } = old;
        return url ? { ...rest, [String(id)]: url } : rest;
      }),
  };
  const readOnlyCtx: FieldContextValue = { ...ctx, readOnly: true, errors: {} };

  const renderFields = (fields: readonly Metrique[]) =>
    fields.length === 0 ? (
      <Text size="sm" c="gray.7">
        {t('process.form.noField')}
      </Text>
    ) : (
      ordered(fields).map((f) => (
        <MetriqueField key={f.id} field={f} allFields={allFields} onAction={createChild} actionPending={actionPending} />
      ))
    );

  const earlier = steps.filter((s) => (current ? s.ordre < current.ordre : true));
  const name = (by: { prenom: string; nom: string } | null) => (by ? `${by.prenom} ${by.nom}` : t('processRecord.someone'));
  /** « Signée par … le dd/MM/yy à HH:mm » for a validated step (its validation time, its last signer in the journal). */
  const signedLine = (s: (typeof steps)[number]) => {
    if (!s.done) return null;
    const v = p.validations?.find((x) => x.etapeId === s.id);
    // The time of the step's validation (the timeline's), the signer from the journal.
    const at = s.dateRealise ?? v?.at ?? null;
    if (v && at) return t('processRecord.signedBy', { name: name(v.by), date: formatDate(at), time: formatTime(at) });
    return s.dateRealise ? t('processRecord.validatedOn', { date: formatDate(s.dateRealise), time: formatTime(s.dateRealise) }) : null;
  };
  // The current step was sent back to: why, by whom, when (the journal's last return to it).
  const currentDetail = current ? p.processDetails.find((d) => d.etapeId === current.id) : undefined;
  const returned =
    current && currentDetail?.etat === ETAT_ETAPE.reevaluated ? (p.lastReturns?.find((r) => r.etapeId === current.id) ?? null) : null;
  const returnedFrom = returned?.fromEtapeId ? steps.find((s) => s.id === returned.fromEtapeId) : undefined;
  const busy = save.isPending || sign.isPending;

  return (
    <Stack gap="md">
      {!modele && (
        <Text c="gray.7" size="sm">
          {t('common.loading')}
        </Text>
      )}
      {earlier.length > 0 && modele && (
        <FieldContext.Provider value={readOnlyCtx}>
          <section aria-label={current ? t('process.form.earlierSteps') : t('process.form.allSteps')}>
            <Title order={2} size="h5" mb="xs">
              {current ? t('process.form.earlierSteps') : t('process.form.allSteps')}
            </Title>
            {/* A closed step renders nothing (issue 16): Mantine keeps closed panels mounted (hidden), so every field of
                every signed step was built at the page's first display; a step's fields are built when it opens. */}
            <Accordion variant="separated" multiple keepMounted={false}>
              {earlier.map((s) => (
                <Accordion.Item key={s.id} value={String(s.id)}>
                  <Accordion.Control>
                    {s.ordre}. {s.nom} — {s.label}
                    {signedLine(s) && (
                      <Text component="span" display="block" size="sm" c="gray.7">
                        {signedLine(s)}
                      </Text>
                    )}
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="sm">{renderFields(fieldsByStep.get(s.id) ?? [])}</Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </section>
        </FieldContext.Provider>
      )}
      {current && modele && (
        <Card withBorder padding="md" component="section" aria-labelledby="current-step-title">
          <Title order={2} size="h4" id="current-step-title" mb="sm">
            {t('process.form.currentStep', { ordre: current.ordre, nom: current.nom })}
          </Title>
          <StepTimeRules process={p} etapeId={current.id} />
          <StepHabilitations config={p.steps.find((s) => s.id === current.id)?.config ?? {}} />
          {returned && (
            <Alert
              mb="md"
              color="orange"
              variant="light"
              icon={<IconArrowBackUp />}
              title={t('processRecord.returnedTitle')}
              data-testid="returned-step"
            >
              <Stack gap={2}>
                <Text size="sm" fw={600} c="dark.9">
                  {returned.motif ? t('processRecord.motif', { motif: returned.motif }) : t('processRecord.noMotif')}
                </Text>
                <Text size="sm" c="dark.9">
                  {t('processRecord.returnedBy', { name: name(returned.by), date: formatDate(returned.at), time: formatTime(returned.at) })}
                  {returnedFrom ? ` ${t('processRecord.returnedFrom', { etape: `${returnedFrom.ordre}. ${returnedFrom.nom}` })}` : ''}
                </Text>
              </Stack>
            </Alert>
          )}
          <FieldContext.Provider value={ctx}>
            <form
              aria-label={t('process.form.formOf', { nom: current.nom })}
              onSubmit={(e) => {
                e.preventDefault();
                if (editable && dirty) submitSave();
              }}
            >
              <Stack gap="sm">{renderFields(currentFields)}</Stack>
            </form>
          </FieldContext.Provider>
          {failure && (
            <Alert mt="md" color={failure.conflict ? 'orange' : 'red'} variant="light" role="alert" icon={<IconAlertTriangle />}>
              <Group justify="space-between" gap="sm">
                {failure.refusal ? (
                  <Stack gap={4} data-testid="gate-refusal">
                    <Text size="sm" fw={700} c="dark.9">
                      {t('habilitation.step.refusedTitle', { codes: failure.refusal.requis.join(t('habilitation.step.or')) })}
                    </Text>
                    <List size="sm" spacing={2} c="dark.9">
                      {failure.refusal.raisons.map((r) => (
                        <List.Item key={r}>{r}</List.Item>
                      ))}
                    </List>
                  </Stack>
                ) : (
                  <span>{failure.message}</span>
                )}
                {failure.conflict && (
                  <Button size="xs" variant="white" color="orange" onClick={reload}>
                    {t('process.form.reload')}
                  </Button>
                )}
              </Group>
            </Alert>
          )}
          <Group mt="md" gap="sm" justify="flex-end" wrap="wrap">
            {controls.isPending ? (
              <Text size="sm" c="gray.7">
                {t('process.form.checkingRights')}
              </Text>
            ) : !canAct ? (
              <Text size="sm" c="gray.7" role="status">
                {controls.data?.raison ?? (controls.isError ? messageOfError(controls.error) : t('process.form.readOnly'))}
              </Text>
            ) : (
              <>
                <Button
                  variant="default"
                  leftSection={<IconDeviceFloppy size={16} />}
                  onClick={submitSave}
                  loading={save.isPending}
                  disabled={!dirty || busy}
                >
                  {t('process.form.save')}
                </Button>
                <StepActions
                  process={p}
                  step={current}
                  disabled={busy}
                  onFailure={onFailure}
                  onDone={reset}
                  isFirst={steps[0]?.id === current.id}
                />
                <Button leftSection={<IconSignature size={16} />} onClick={submitSign} loading={sign.isPending} disabled={busy}>
                  {t('process.form.sign')}
                </Button>
              </>
            )}
          </Group>
        </Card>
      )}
      {!current && (
        <Alert color={p.etat === 'termine' ? 'teal' : 'gray'} variant="light">
          {p.etat === 'termine' ? t('process.form.doneInfo') : t('process.form.inactiveInfo')}
        </Alert>
      )}
    </Stack>
  );
}

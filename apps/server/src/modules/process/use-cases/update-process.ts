import { markSaved, type ProcessUpdate } from '@app/contracts';
import type { z } from 'zod';
import { AppError, assertCan, foundOrThrow } from '../../../platform/http/errors.ts';
import { verifyReferences } from '../../../platform/http/references.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, findProcess, journal, type ProcessRow, saveEngineState, updateProcessRow } from '../process.repository.ts';
import {
  assertEditable,
  assertVersion,
  assertWritableValues,
  engineContext,
  lockedSharedProcessOrThrow,
  pickedReferences,
  processScope,
} from './engine-helpers.ts';
import { headerFromFields, headerValues } from './header-values.ts';
import { summarizeRoundValues } from './round-fields.ts';
import { assertCanAct } from './step-permission.ts';

type Json = Record<string, unknown>;

/** Saves field values of the current step and header fields; the current step becomes saved and not completed. */
export async function updateProcess(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, body: z.output<typeof ProcessUpdate>): Promise<ProcessRow> {
  const { tx, caller } = ctx;
  const p = await lockedSharedProcessOrThrow(tx, caller, body.id);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  // A contractor fills the values of its step; the header (name, dates, contractors…) is the client's.
  if (p.entrepriseId !== caller.entrepriseId && Object.keys(headerValues(body)).length)
    throw new AppError('FORBIDDEN', 'Seule l’entreprise cliente modifie l’en-tête de ce processus.');
  assertVersion(p, body.version);
  assertEditable(p);
  const { steps, fields, state } = await engineContext(tx, p);
  const sent = body.rawData ?? {};
  assertWritableValues(sent, fields, steps, state);
  // Values belong to the current step, and only those who may act on it fill it (a named validator's step is theirs).
  const current = steps.find((s) => s.ordre === p.currentOrdre);
  const stepsTouched = new Set(Object.keys(sent).map((k) => fields.find((f) => String(f.id) === k)?.etapeId));
  for (const etapeId of stepsTouched) {
    if (etapeId !== current?.id) {
      throw new AppError(
        'CONFLICT',
        `L'étape « ${steps.find((s) => s.id === etapeId)?.nom ?? ''} » n'est pas l'étape en cours : ses champs ne se remplissent pas maintenant.`,
      );
    }
  }
  if (stepsTouched.size) await assertCanAct(tx, caller, p, state, current, { ...(p.rawData as Json), ...sent });
  // A reading field keeps the summary of the readings it names, read from the recorded rows (checked there).
  const incoming = await summarizeRoundValues(tx, p, fields, sent);
  const before = (p.rawData ?? {}) as Json;
  const changedKeys = Object.keys(incoming).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(incoming[k] ?? null));
  // Rows picked in changed values must be the caller's to name (values sent unchanged since saved are not checked again).
  await verifyReferences(ctx, pickedReferences(Object.fromEntries(changedKeys.map((k) => [k, incoming[k]])), fields));
  const now = new Date().toISOString();
  const changed = [
    ...((p.changedMetriques ?? []) as Json[]),
    ...changedKeys.map((k) => ({ metriqueId: Number(k), time: now, value: incoming[k], by: caller.userId })),
  ].slice(-200);
  // Header values fed by the changed fields (the workflow's sources), then those sent explicitly, which win.
  const header = {
    ...(await headerFromFields(ctx, p, fields, { ...before, ...incoming }, { changed: changedKeys })),
    ...headerValues(body),
  };
  await updateProcessRow(tx, p.id, { ...header, rawData: { ...before, ...incoming }, changedMetriques: changed });
  await saveEngineState(tx, p, changedKeys.length ? markSaved(state) : state, caller.userId);
  if (changedKeys.length || Object.keys(header).length) {
    await journal(
      tx,
      p,
      caller.userId,
      'modification',
      current ? { id: current.id, ordre: current.ordre } : null,
      {
        ...Object.fromEntries(changedKeys.map((k) => [k, before[k] ?? null])),
        ...Object.fromEntries(Object.keys(header).map((k) => [k, (p as Json)[k] ?? null])),
      },
      { ...Object.fromEntries(changedKeys.map((k) => [k, incoming[k]])), ...header },
    );
  }
  await announce(tx, p.entrepriseId, 'updated', [p.id]);
  return foundOrThrow(await findProcess(tx, processScope(caller), p.id));
}

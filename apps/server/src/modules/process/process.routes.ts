import { randomUUID } from 'node:crypto';
import { API, type EngineState, initialState, markSaved, type ProcessCreate, type ProcessUpdate, TransitionError } from '@app/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, assertCan, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { verifyReferences } from '../../platform/http/references.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { processModele } from '../workflow/workflow.tables.ts';
import { presentProcess } from './process.presenter.ts';
import { fieldsOfModele, findProcess, journal, loadEngineState, nextNumero, saveEngineState, stepsOfModele } from './process.repository.ts';
import { process } from './process.tables.ts';
import { announce } from './process-events.routes.ts';
import {
  assertCanAct,
  assertEditable,
  assertVersion,
  assertWritableValues,
  lockedProcessOrThrow,
  pickedReferences,
} from './use-cases/engine-helpers.ts';

const P = API.process;
type Json = Record<string, unknown>;
const toDate = (v: string | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v));

/** Header fields of create and update (their references, prestataireIds and personneEnCharge, checked by the platform). */
function headerValues(b: Partial<z.output<typeof ProcessUpdate>>) {
  const out: Json = {};
  if (b.nomProcess !== undefined) out.nomProcess = b.nomProcess;
  for (const k of ['dateDebut', 'dateFin', 'dateInterventionDebut', 'dateInterventionFin'] as const)
    if (b[k] !== undefined) out[k] = toDate(b[k]);
  if (b.equipement !== undefined) out.equipement = b.equipement;
  if (b.typeConsignation !== undefined) out.typeConsignation = b.typeConsignation;
  if (b.prestataireIds !== undefined) out.prestataireIds = [...new Set(b.prestataireIds)];
  if (b.personneEnCharge !== undefined) out.personneEnChargeId = b.personneEnCharge;
  if (b.color !== undefined) out.color = b.color;
  if (b.reference !== undefined) out.reference = b.reference;
  return out;
}

/** Creates a process of a workflow: next number, first step current, creator recorded, journal opened. */
export async function createProcess(
  ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>,
  body: z.output<typeof ProcessCreate>,
  event: 'created' | 'duplicated' = 'created',
) {
  const { tx, caller } = ctx;
  const [m] = await tx
    .select()
    .from(processModele)
    .where(and(eq(processModele.id, body.processModeleId), eq(processModele.entrepriseId, caller.entrepriseId)));
  if (!m) throw notFound('Workflow introuvable.');
  let niveau = 0;
  if (body.parentId) {
    const parent = foundOrThrow(await findProcess(tx, caller.entrepriseId, body.parentId), 'Processus parent introuvable.');
    niveau = parent.niveau + 1;
  }
  const steps = await stepsOfModele(tx, m.id);
  let state: EngineState;
  try {
    state = initialState(steps.map((s) => ({ etapeId: s.id, ordre: s.ordre })));
  } catch (e) {
    if (e instanceof TransitionError) throw new AppError('CONFLICT', e.message);
    throw e;
  }
  const fields = await fieldsOfModele(tx, m.id);
  const values = body.rawData ?? {};
  assertWritableValues(values, fields, steps, state);
  // Rows picked in the request's values must be the caller's to name (a duplicate copies a process's own values).
  if (event === 'created') await verifyReferences(ctx, pickedReferences(values, fields));
  const numero = await nextNumero(tx, caller.entrepriseId);
  const [me] = await tx
    .select({ nom: utilisateur.nom, prenom: utilisateur.prenom })
    .from(utilisateur)
    .where(eq(utilisateur.id, caller.userId));
  const header = headerValues(body);
  const [row] = await tx
    .insert(process)
    .values({
      entrepriseId: caller.entrepriseId,
      numero,
      processModeleId: m.id,
      parentId: body.parentId ?? null,
      niveau,
      key: randomUUID(),
      nomProcess: body.nomProcess ?? `${m.libelle} n° ${numero / 100}`,
      currentOrdre: state.currentOrdre,
      rawData: values,
      createdById: caller.userId,
      lastModifyById: caller.userId,
      modeleLibelle: m.libelle,
      package: m.package,
      preparateur: me ? `${me.prenom} ${me.nom}` : null,
      ...header,
    })
    .returning();
  await saveEngineState(tx, row, Object.keys(values).length ? markSaved(state) : state, caller.userId);
  await journal(tx, row, caller.userId, 'creation', null, null, { numero, processModeleId: m.id, rawData: values });
  await announce(tx, caller.entrepriseId, event, [row.id]);
  return foundOrThrow(await findProcess(tx, caller.entrepriseId, row.id));
}

/** Saves field values and header fields; the current step becomes saved and not completed. */
export async function updateProcess(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, body: z.output<typeof ProcessUpdate>) {
  const { tx, caller } = ctx;
  const p = await lockedProcessOrThrow(tx, caller, body.id);
  assertCan(caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  assertVersion(p, body.version);
  assertEditable(p);
  const [steps, fields, state] = await Promise.all([
    stepsOfModele(tx, p.processModeleId),
    fieldsOfModele(tx, p.processModeleId),
    loadEngineState(tx, p),
  ]);
  const incoming = body.rawData ?? {};
  assertWritableValues(incoming, fields, steps, state);
  // Values belong to the current step, and only those who may act on it fill it (a named validator's step is theirs).
  const current = steps.find((s) => s.ordre === p.currentOrdre);
  const stepsTouched = new Set(Object.keys(incoming).map((k) => fields.find((f) => String(f.id) === k)?.etapeId));
  for (const etapeId of stepsTouched) {
    if (etapeId !== current?.id) {
      throw new AppError(
        'CONFLICT',
        `L'étape « ${steps.find((s) => s.id === etapeId)?.nom ?? ''} » n'est pas l'étape en cours : ses champs ne se remplissent pas maintenant.`,
      );
    }
  }
  if (stepsTouched.size) await assertCanAct(tx, caller, p, state, current, { ...(p.rawData as Json), ...incoming });
  const before = (p.rawData ?? {}) as Json;
  const changedKeys = Object.keys(incoming).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(incoming[k] ?? null));
  // Rows picked in changed values must be the caller's to name (values sent unchanged since saved are not checked again).
  await verifyReferences(ctx, pickedReferences(Object.fromEntries(changedKeys.map((k) => [k, incoming[k]])), fields));
  const now = new Date().toISOString();
  const changed = [
    ...((p.changedMetriques ?? []) as Json[]),
    ...changedKeys.map((k) => ({ metriqueId: Number(k), time: now, value: incoming[k], by: caller.userId })),
  ].slice(-200);
  const header = headerValues(body);
  await tx
    .update(process)
    .set({ ...header, rawData: { ...before, ...incoming }, changedMetriques: changed })
    .where(eq(process.id, p.id));
  const next = changedKeys.length ? markSaved(state) : state;
  await saveEngineState(tx, p, next, caller.userId);
  const step = steps.find((s) => s.ordre === p.currentOrdre);
  if (changedKeys.length || Object.keys(header).length) {
    await journal(
      tx,
      p,
      caller.userId,
      'modification',
      step ? { id: step.id, ordre: step.ordre } : null,
      {
        ...Object.fromEntries(changedKeys.map((k) => [k, before[k] ?? null])),
        ...Object.fromEntries(Object.keys(header).map((k) => [k, (p as Json)[k] ?? null])),
      },
      { ...Object.fromEntries(changedKeys.map((k) => [k, incoming[k]])), ...header },
    );
  }
  await announce(tx, caller.entrepriseId, 'updated', [p.id]);
  return foundOrThrow(await findProcess(tx, caller.entrepriseId, p.id));
}

async function view(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return presentProcess(ctx.tx, ctx.caller, foundOrThrow(await findProcess(ctx.tx, ctx.caller.entrepriseId, id), 'Processus introuvable.'));
}

const create = async (ctx: Ctx, { body }: { body: z.output<typeof ProcessCreate> }) =>
  presentProcess(ctx.tx, ctx.caller, await createProcess(ctx, body));
const update = async (ctx: Ctx, { body }: { body: z.output<typeof ProcessUpdate> }) =>
  presentProcess(ctx.tx, ctx.caller, await updateProcess(ctx, body));

export const processRoutes: RouteDef[] = [
  route(P.createV1, create),
  route(P.createV2, create),
  route(P.createV3, create),
  route(P.getV1, async (ctx, { params }) => view(ctx, params.id)),
  route(P.getV3, async (ctx, { params }) => view(ctx, params.processId)),
  route(P.retrieve, async (ctx, { params }) => view(ctx, params.id)),
  route(P.retrieveV2, async (ctx, { body }) => view(ctx, body.id)),
  route(P.getV2, async (ctx, { params }) => {
    const v = await view(ctx, params.processId);
    if (!v.steps.some((s) => s.id === params.etapeId)) throw notFound('Étape introuvable dans ce processus.');
    return v;
  }),
  route(P.getBase, async (ctx, { params }) => {
    const p = foundOrThrow(await findProcess(ctx.tx, ctx.caller.entrepriseId, params.id), 'Processus introuvable.');
    const [m] = await ctx.tx
      .select({ id: processModele.id, libelle: processModele.libelle })
      .from(processModele)
      .where(eq(processModele.id, p.processModeleId));
    return {
      id: p.id,
      numero: p.numero,
      nomProcess: p.nomProcess,
      processModele: m,
      etat: p.etat as 'en_cours',
      currentEtapeOrdre: p.currentOrdre,
      version: p.version,
    };
  }),
  route(P.updateV1, update),
  route(P.updateV2, update),
  route(P.updateV3, update),
  route(P.duplicateV2, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await duplicate(ctx, body.id))),
  route(P.duplicateV3, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await duplicate(ctx, body.id))),
  route(P.deleteWithSubs, async ({ tx, caller }, { body }) => {
    const p = await lockedProcessOrThrow(tx, caller, body.id);
    assertCan(caller.ability, 'delete', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
    const ids = [p.id];
    for (let frontier = [p.id]; frontier.length; ) {
      const kids = await tx
        .select({ id: process.id })
        .from(process)
        .where(and(eq(process.entrepriseId, caller.entrepriseId), inArray(process.parentId, frontier)));
      frontier = kids.map((k) => k.id).filter((id) => !ids.includes(id));
      ids.push(...frontier);
    }
    for (const id of ids) await journal(tx, { id, entrepriseId: caller.entrepriseId }, caller.userId, 'suppression', null, { id }, null);
    await tx.delete(process).where(and(eq(process.entrepriseId, caller.entrepriseId), inArray(process.id, ids)));
    await announce(tx, caller.entrepriseId, 'deleted', ids);
    return { message: `${ids.length} processus supprimé(s) avec succès.`, id: p.id };
  }),
];

/** A new process of the same workflow with the first step's values and the header copied. */
async function duplicate(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, id: number) {
  const src = foundOrThrow(await findProcess(ctx.tx, ctx.caller.entrepriseId, id), 'Processus introuvable.');
  const steps = await stepsOfModele(ctx.tx, src.processModeleId);
  const fields = await fieldsOfModele(ctx.tx, src.processModeleId);
  const first = steps[0];
  const values = src.rawData as Json;
  const rawData = Object.fromEntries(
    fields
      .filter((f) => f.etapeId === first?.id && !['signature', 'file'].includes(f.dataType) && values[String(f.id)] !== undefined)
      .map((f) => [String(f.id), values[String(f.id)]]),
  );
  return createProcess(
    ctx,
    {
      processModeleId: src.processModeleId,
      nomProcess: `${src.nomProcess} (copie)`,
      parentId: src.parentId,
      rawData,
      equipement: src.equipement as never,
      typeConsignation: src.typeConsignation,
      prestataireIds: src.prestataireIds,
    },
    'duplicated',
  );
}

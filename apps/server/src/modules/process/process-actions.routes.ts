import { API, deactivate, type EngineState, forwardStep, type ProcessSign, returnStep, sign, TransitionError } from '@app/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError, assertCan, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { presentProcess } from './process.presenter.ts';
import {
  addSignature,
  clearSignatures,
  fieldsOfModele,
  findProcess,
  hashOfStep,
  journal,
  loadEngineState,
  type ProcessRow,
  saveEngineState,
  stepsOfModele,
} from './process.repository.ts';
import { updateProcess } from './process.routes.ts';
import { process, signature } from './process.tables.ts';
import { announce } from './process-events.routes.ts';
import { assertCanAct, assertEditable, assertVersion, lockedProcessOrThrow, missingRequired } from './use-cases/engine-helpers.ts';

const P = API.process;
type Json = Record<string, unknown>;

function transition<T>(run: () => T): T {
  try {
    return run();
  } catch (e) {
    if (e instanceof TransitionError) throw new AppError('CONFLICT', e.message);
    throw e;
  }
}

async function context(ctx: Pick<Ctx, 'tx' | 'caller'>, p: ProcessRow) {
  const [steps, fields, state] = await Promise.all([
    stepsOfModele(ctx.tx, p.processModeleId),
    fieldsOfModele(ctx.tx, p.processModeleId),
    loadEngineState(ctx.tx, p),
  ]);
  return { steps, fields, state, current: steps.find((s) => s.ordre === state.currentOrdre) };
}

/**
 * Signs and validates the current step. Idempotent: a retried request naming a step already validated with
 * the caller's signature answers the process as it is; concurrent requests wait on the process row.
 */
async function signProcess(ctx: Ctx, body: z.output<typeof ProcessSign>) {
  const { tx, caller } = ctx;
  const p0 = await lockedProcessOrThrow(tx, caller, body.id);
  assertCan(caller.ability, 'update', 'Process', { id: p0.id, entrepriseId: p0.entrepriseId });
  if (body.etapeId !== undefined) {
    const c0 = await context(ctx, p0);
    const target = c0.steps.find((s) => s.id === body.etapeId);
    if (!target) throw notFound('Étape introuvable dans ce processus.');
    const rec = c0.state.steps.find((s) => s.etapeId === target.id);
    if (rec?.isValid && target.ordre !== c0.state.currentOrdre) {
      const [mine] = await tx
        .select({ id: signature.id })
        .from(signature)
        .where(
          and(
            eq(signature.processId, p0.id),
            eq(signature.etapeId, target.id),
            eq(signature.utilisateurId, caller.userId),
            isNull(signature.clearedAt),
          ),
        );
      if (mine || !c0.fields.some((f) => f.etapeId === target.id && f.dataType === 'signature')) return p0;
      throw new AppError('CONFLICT', 'Cette étape a déjà été validée par quelqu’un d’autre.');
    }
    if (target.ordre !== c0.state.currentOrdre) throw new AppError('CONFLICT', 'Cette étape n’est pas l’étape courante du processus.');
  }
  assertVersion(p0, body.version);
  assertEditable(p0);
  const p = body.rawData && Object.keys(body.rawData).length ? await updateProcess(ctx, { id: p0.id, rawData: body.rawData }) : p0;
  const { fields, state, current } = await context(ctx, p);
  const values = (p.rawData ?? {}) as Json;
  await assertCanAct(tx, caller, p, state, current, values);
  if (!current) throw new AppError('CONFLICT', 'Ce processus est terminé.');
  const ownFields = fields.filter((f) => f.etapeId === current.id).map((f) => f.id);
  const hash = hashOfStep(current.id, ownFields, values);
  for (const s of body.signatures ?? []) {
    const f = fields.find((x) => x.id === s.metriqueId);
    if (!f || f.etapeId !== current.id || f.dataType !== 'signature') {
      throw new AppError('VALIDATION', 'Signature pour un champ qui n’est pas une signature de l’étape courante.', [
        { champ: 'signatures', message: String(s.metriqueId) },
      ]);
    }
    await addSignature(tx, {
      entrepriseId: p.entrepriseId,
      processId: p.id,
      etapeId: current.id,
      metriqueId: f.id,
      utilisateurId: caller.userId,
      image: s.image,
      hash,
    });
  }
  const missing = await missingRequired(tx, p, current, fields, values);
  if (missing.length) {
    throw new AppError(
      'VALIDATION',
      `Champs obligatoires à remplir avant de signer : ${missing.map((m) => m.nom).join(', ')}.`,
      missing.map((m) => ({ champ: `rawData.${m.id}`, message: m.nom })),
    );
  }
  const now = new Date().toISOString();
  const next = transition(() => sign(state, now));
  await saveEngineState(tx, p, next, caller.userId);
  await journal(
    tx,
    p,
    caller.userId,
    next.etat === 'termine' ? 'signature-cloture' : 'signature',
    { id: current.id, ordre: current.ordre },
    { etapeOrdre: state.currentOrdre },
    { etapeOrdre: next.currentOrdre, hash },
  );
  await announce(tx, caller.entrepriseId, 'updated', [p.id]);
  return foundOrThrow(await findProcess(tx, caller.entrepriseId, p.id));
}

async function stateChange(
  ctx: Ctx,
  id: number,
  run: (p: ProcessRow, c: Awaited<ReturnType<typeof context>>) => Promise<{ next: EngineState; action: string; after?: Json }>,
) {
  const p = await lockedProcessOrThrow(ctx.tx, ctx.caller, id);
  assertCan(ctx.caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
  const c = await context(ctx, p);
  const { next, action, after } = await run(p, c);
  await saveEngineState(ctx.tx, p, next, ctx.caller.userId);
  await journal(
    ctx.tx,
    p,
    ctx.caller.userId,
    action,
    c.current ? { id: c.current.id, ordre: c.current.ordre } : null,
    { etat: c.state.etat, status: c.state.status, etapeOrdre: c.state.currentOrdre },
    { etat: next.etat, status: next.status, etapeOrdre: next.currentOrdre, ...after },
  );
  await announce(ctx.tx, p.entrepriseId, 'updated', [p.id]);
  return presentProcess(ctx.tx, ctx.caller, foundOrThrow(await findProcess(ctx.tx, ctx.caller.entrepriseId, p.id)));
}

export const processActionRoutes: RouteDef[] = [
  route(P.sign, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await signProcess(ctx, body))),
  route(P.signStep, async (ctx, { body }) => presentProcess(ctx.tx, ctx.caller, await signProcess(ctx, body))),

  route(P.returnStep, async (ctx, { body }) =>
    stateChange(ctx, body.id, async (p, c) => {
      assertEditable(p);
      await assertCanAct(ctx.tx, ctx.caller, p, c.state, c.current, p.rawData as Json);
      if (c.current && (c.current.config as { canReturn?: boolean }).canReturn === false)
        throw new AppError('CONFLICT', 'Cette étape ne peut pas être renvoyée.');
      const { state, returnedTo } = transition(() => returnStep(c.state, body.keepStep));
      const cleared = await clearSignatures(ctx.tx, p.id, [returnedTo.etapeId, ...(c.current ? [c.current.id] : [])]);
      return { next: state, action: 'renvoi', after: { motif: body.motif ?? null, keepStep: body.keepStep, signaturesEffacees: cleared } };
    }),
  ),

  route(P.forwardStep, async (ctx, { body }) =>
    stateChange(ctx, body.id, async (p, c) => {
      assertEditable(p);
      await assertCanAct(ctx.tx, ctx.caller, p, c.state, c.current, p.rawData as Json);
      const canForward = Boolean((c.current?.config as { canForward?: boolean } | undefined)?.canForward);
      return { next: transition(() => forwardStep(c.state, canForward, new Date().toISOString())), action: 'saut' };
    }),
  ),

  route(P.updateStatus, async (ctx, { body }) => {
    const v = await stateChange(ctx, body.id, async (_p, c) => ({
      next: { ...c.state, status: body.status, etat: body.etat ?? c.state.etat },
      action: 'statut',
    }));
    return { message: 'Statut mis à jour avec succès.', content: { id: v.id, etat: v.etat, status: v.status } };
  }),

  route(P.changeState, async (ctx, { body }) =>
    stateChange(ctx, body.id, async (_p, c) => {
      if (body.etat === 'termine') throw new AppError('CONFLICT', 'Un processus se termine en signant sa dernière étape.');
      if (body.etat === 'en_cours' && c.state.currentOrdre === null)
        throw new AppError('CONFLICT', 'Ce processus est terminé : il ne peut pas reprendre.');
      return { next: { ...c.state, etat: body.etat }, action: body.etat === 'inactif' ? 'desactivation' : 'reactivation' };
    }),
  ),

  route(P.inactive, async (ctx, { body }) =>
    stateChange(ctx, body.id, async (_p, c) => {
      const known = new Set(c.steps.map((s) => s.id));
      if (body.etapeIds.some((id) => !known.has(id)))
        throw new AppError('VALIDATION', 'Étape inconnue dans ce processus.', [{ champ: 'etapeIds', message: 'inconnue' }]);
      return {
        next: transition(() => deactivate(c.state, body.status ?? c.state.status, body.etapeIds)),
        action: 'desactivation',
        after: { etapeIds: body.etapeIds },
      };
    }),
  ),

  route(P.signatureRegister, async (ctx, { body }) => {
    const p = await lockedProcessOrThrow(ctx.tx, ctx.caller, body.processId);
    assertCan(ctx.caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
    assertEditable(p);
    const c = await context(ctx, p);
    const f = c.fields.find((x) => x.id === body.metriqueId);
    if (f?.dataType !== 'signature') throw new AppError('VALIDATION', "Ce champ n'est pas une signature de ce processus.");
    if (c.state.steps.find((s) => s.etapeId === f.etapeId)?.isValid)
      throw new AppError('CONFLICT', 'Cette étape est validée : elle ne se signe plus.');
    const values = p.rawData as Json;
    await addSignature(ctx.tx, {
      entrepriseId: p.entrepriseId,
      processId: p.id,
      etapeId: f.etapeId,
      metriqueId: f.id,
      utilisateurId: ctx.caller.userId,
      image: body.image,
      hash: hashOfStep(
        f.etapeId,
        c.fields.filter((x) => x.etapeId === f.etapeId).map((x) => x.id),
        values,
      ),
    });
    const step = c.steps.find((s) => s.id === f.etapeId);
    await journal(ctx.tx, p, ctx.caller.userId, 'signature-champ', step ? { id: step.id, ordre: step.ordre } : null, null, {
      metriqueId: f.id,
    });
    await ctx.tx.update(process).set({ lastModifyAt: new Date(), lastModifyById: ctx.caller.userId }).where(eq(process.id, p.id));
    await announce(ctx.tx, p.entrepriseId, 'updated', [p.id]);
    const view = await presentProcess(ctx.tx, ctx.caller, p);
    return foundOrThrow(view.signatures[String(f.id)]?.find((s) => s.utilisateur.id === ctx.caller.userId));
  }),

  route(P.signatureDelete, async (ctx, { query }) => {
    const p = await lockedProcessOrThrow(ctx.tx, ctx.caller, query.processId);
    assertCan(ctx.caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
    const c = await context(ctx, p);
    const f = c.fields.find((x) => x.id === query.metriqueId);
    if (!f) throw notFound('Champ introuvable.');
    if (c.state.steps.find((s) => s.etapeId === f.etapeId)?.isValid)
      throw new AppError('CONFLICT', 'Cette étape est validée : sa signature ne se retire plus.');
    const r = await ctx.tx
      .update(signature)
      .set({ clearedAt: new Date() })
      .where(
        and(
          eq(signature.processId, p.id),
          eq(signature.metriqueId, f.id),
          eq(signature.utilisateurId, ctx.caller.userId),
          isNull(signature.clearedAt),
        ),
      )
      .returning({ id: signature.id });
    if (!r.length) throw notFound('Aucune signature de votre part sur ce champ.');
    await journal(ctx.tx, p, ctx.caller.userId, 'signature-retiree', null, { metriqueId: f.id }, null);
    await announce(ctx.tx, p.entrepriseId, 'updated', [p.id]);
    return { message: 'Signature retirée avec succès.', id: r[0].id };
  }),
];

import { API, METRIQUE_IDX_LIMIT, nextMetriqueIdx } from '@app/contracts';
import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { AppError, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { editModele } from './use-cases/edit-modele.ts';
import {
  etapeById,
  etapesOf,
  metriqueById,
  metriquesOfEtape,
  metriqueTree,
  presentAutorisation,
  presentMetrique,
  renumberEtapes,
  renumberMetriques,
} from './workflow.repository.ts';
import { modeleOrThrow } from './workflow.routes.ts';
import { etape, etapeAutorisation, metrique } from './workflow.tables.ts';

const W = API.workflow;
type Json = Record<string, unknown>;

async function etapeOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return foundOrThrow(await etapeById(ctx.tx, ctx.caller.entrepriseId, id), 'Étape introuvable.');
}
async function metriqueOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return foundOrThrow(await metriqueById(ctx.tx, ctx.caller.entrepriseId, id), 'Champ introuvable.');
}
async function presentedMetrique(tx: Tx, id: number) {
  const [m] = await tx
    .select({ m: metrique, ordre: etape.ordre })
    .from(metrique)
    .innerJoin(etape, eq(etape.id, metrique.etapeId))
    .where(eq(metrique.id, id));
  return presentMetrique(m.m, m.ordre);
}
async function etapeView(ctx: Pick<Ctx, 'tx' | 'caller'>, modeleId: number, etapeId: number) {
  return foundOrThrow(
    (await modeleOrThrow(ctx, modeleId)).etapes.find((e) => e.id === etapeId),
    'Étape introuvable.',
  );
}

/** A group parent must be a group of the same step; conditions and references must name fields of the model. */
async function assertFieldLinks(
  tx: Tx,
  modeleId: number,
  etapeId: number,
  v: { parentId?: number | null; conditions?: { tests: { metriqueId: number }[] }[]; references?: { metriqueId: number } | null },
) {
  if (v.parentId) {
    const [p] = await tx.select().from(metrique).where(eq(metrique.id, v.parentId));
    if (!p || p.etapeId !== etapeId || p.dataType !== 'group')
      throw new AppError('VALIDATION', 'Le parent doit être un groupe de la même étape.', [
        { champ: 'parentId', message: 'groupe attendu' },
      ]);
  }
  const ids = [
    ...new Set([
      ...(v.conditions ?? []).flatMap((c) => c.tests.map((t) => t.metriqueId)),
      ...(v.references ? [v.references.metriqueId] : []),
    ]),
  ];
  if (ids.length) {
    const found = await tx
      .select({ id: metrique.id })
      .from(metrique)
      .where(and(eq(metrique.processModeleId, modeleId), inArray(metrique.id, ids)));
    if (found.length !== ids.length)
      throw new AppError('VALIDATION', 'Une condition ou une référence vise un champ inconnu de ce workflow.', [
        { champ: 'conditions', message: 'champ inconnu' },
      ]);
  }
}

export const etapeRoutes: RouteDef[] = [
  route(W.etapeCreate, async (ctx, { body }) => {
    const id = await editModele(ctx, body.processModeleId, async (tx, m) => {
      const steps = await etapesOf(tx, m.id);
      const ordre = Math.min(body.ordre ?? steps.length + 1, steps.length + 1);
      if (ordre <= steps.length)
        await tx
          .update(etape)
          .set({ ordre: sql`${etape.ordre} + 1` })
          .where(and(eq(etape.processModeleId, m.id), gte(etape.ordre, ordre)));
      const [s] = await tx
        .insert(etape)
        .values({ entrepriseId: m.entrepriseId, processModeleId: m.id, nom: body.nom, ordre, config: body.config ?? {} })
        .returning({ id: etape.id });
      return s.id;
    });
    return etapeView(ctx, body.processModeleId, id);
  }),

  route(W.etapeUpdate, async (ctx, { body }) => {
    const s = await etapeOrThrow(ctx, body.id);
    await editModele(ctx, s.processModeleId, (tx) =>
      tx
        .update(etape)
        .set({
          ...(body.nom !== undefined ? { nom: body.nom } : {}),
          ...(body.config ? { config: { ...(s.config as Json), ...body.config } } : {}),
        })
        .where(eq(etape.id, s.id)),
    );
    return etapeView(ctx, s.processModeleId, s.id);
  }),

  route(W.etapeArrange, async (ctx, { body }) => {
    await editModele(ctx, body.processModeleId, async (tx, m) => {
      const steps = await etapesOf(tx, m.id);
      const ids = [...new Set(body.ids)];
      if (ids.length !== steps.length || !steps.every((s) => ids.includes(s.id))) {
        throw new AppError('VALIDATION', 'La liste doit contenir chaque étape du workflow une fois.', [
          { champ: 'ids', message: 'incomplète' },
        ]);
      }
      await renumberEtapes(tx, ids);
    });
    return (await modeleOrThrow(ctx, body.processModeleId)).etapes;
  }),

  route(W.etapeSwitch, async (ctx, { body }) => {
    const a = await etapeOrThrow(ctx, body.id);
    const b = await etapeOrThrow(ctx, body.targetId);
    if (a.processModeleId !== b.processModeleId) throw new AppError('VALIDATION', 'Les deux étapes doivent appartenir au même workflow.');
    await editModele(ctx, a.processModeleId, async (tx) => {
      const ids = (await etapesOf(tx, a.processModeleId)).map((s) => s.id);
      const i = ids.indexOf(a.id);
      const j = ids.indexOf(b.id);
      [ids[i], ids[j]] = [ids[j], ids[i]];
      await renumberEtapes(tx, ids);
    });
    return (await modeleOrThrow(ctx, a.processModeleId)).etapes;
  }),

  route(W.etapeDelete, async (ctx, { params }) => {
    const s = await etapeOrThrow(ctx, params.id);
    await editModele(ctx, s.processModeleId, async (tx) => {
      const steps = await etapesOf(tx, s.processModeleId);
      if (steps.length === 1) throw new AppError('CONFLICT', 'Un workflow garde au moins une étape.');
      await tx.delete(etape).where(eq(etape.id, s.id));
      await renumberEtapes(
        tx,
        steps.filter((x) => x.id !== s.id).map((x) => x.id),
      );
    });
    return { message: 'Étape supprimée avec succès.', id: s.id };
  }),

  route(W.etapeMetriques, async (ctx, { params }) => {
    const s = await etapeOrThrow(ctx, params.id);
    return metriqueTree((await metriquesOfEtape(ctx.tx, s.id)).map((m) => presentMetrique(m, s.ordre)));
  }),

  route(W.etapeReferable, async (ctx, { params }) => {
    const s = await etapeOrThrow(ctx, params.id);
    const rows = await ctx.tx
      .select({ m: metrique, ordre: etape.ordre })
      .from(metrique)
      .innerJoin(etape, eq(etape.id, metrique.etapeId))
      .where(and(eq(metrique.processModeleId, s.processModeleId), lt(etape.ordre, s.ordre)))
      .orderBy(asc(etape.ordre), asc(metrique.idx));
    return rows
      .filter((r) => !['group', 'button', 'action_button', 'icon'].includes(r.m.dataType))
      .map((r) => presentMetrique(r.m, r.ordre));
  }),

  route(W.metriqueById, async (ctx, { params }) => presentedMetrique(ctx.tx, (await metriqueOrThrow(ctx, params.id)).id)),
  route(W.metrique, async (ctx, { params }) => presentedMetrique(ctx.tx, (await metriqueOrThrow(ctx, params.id)).id)),

  route(W.assignMetrique, async (ctx, { body }) => {
    const s = await etapeOrThrow(ctx, body.etapeId);
    const id = await editModele(ctx, s.processModeleId, async (tx, m) => {
      await assertFieldLinks(tx, m.id, s.id, body);
      const idx = nextMetriqueIdx((await metriquesOfEtape(tx, s.id)).map((f) => f.idx));
      const { etapeId: _e, ...v } = body;
      const [row] = await tx
        .insert(metrique)
        .values({
          ...v,
          entrepriseId: m.entrepriseId,
          processModeleId: m.id,
          etapeId: s.id,
          idx,
          propertyValues: v.propertyValues ?? {},
          conditions: v.conditions ?? [],
          references: v.references ?? null,
        })
        .returning({ id: metrique.id });
      return row.id;
    });
    return presentedMetrique(ctx.tx, id);
  }),

  route(W.insertMetrique, async (ctx, { body }) => {
    const s = await etapeOrThrow(ctx, body.etapeId);
    const id = await editModele(ctx, s.processModeleId, async (tx, m) => {
      await assertFieldLinks(tx, m.id, s.id, body);
      // One statement: later fields move up by one, atomically (the model row is locked).
      await tx
        .update(metrique)
        .set({ idx: sql`${metrique.idx} + 1` })
        .where(and(eq(metrique.etapeId, s.id), gte(metrique.idx, body.idx), lt(metrique.idx, METRIQUE_IDX_LIMIT)));
      const { etapeId: _e, ...v } = body;
      const [row] = await tx
        .insert(metrique)
        .values({
          ...v,
          entrepriseId: m.entrepriseId,
          processModeleId: m.id,
          etapeId: s.id,
          idx: body.idx,
          propertyValues: v.propertyValues ?? {},
          conditions: v.conditions ?? [],
          references: v.references ?? null,
        })
        .returning({ id: metrique.id });
      return row.id;
    });
    return presentedMetrique(ctx.tx, id);
  }),

  route(W.arrangeMetriques, async (ctx, { body }) => {
    const s = await etapeOrThrow(ctx, body.etapeId);
    await editModele(ctx, s.processModeleId, async (tx) => {
      const normal = (await metriquesOfEtape(tx, s.id)).filter((f) => f.idx < METRIQUE_IDX_LIMIT);
      const ids = [...new Set(body.ids)];
      if (ids.length !== normal.length || !normal.every((f) => ids.includes(f.id))) {
        throw new AppError('VALIDATION', "La liste doit contenir chaque champ de l'étape une fois.", [
          { champ: 'ids', message: 'incomplète' },
        ]);
      }
      await renumberMetriques(tx, ids);
    });
    return metriqueTree((await metriquesOfEtape(ctx.tx, s.id)).map((m) => presentMetrique(m, s.ordre)));
  }),

  route(W.switchMetrique, async (ctx, { body }) => {
    const f = await metriqueOrThrow(ctx, body.id);
    const target = await etapeOrThrow(ctx, body.etapeId);
    if (target.processModeleId !== f.processModeleId) throw new AppError('VALIDATION', 'Un champ ne change pas de workflow.');
    await editModele(ctx, f.processModeleId, async (tx) => {
      const existing = (await metriquesOfEtape(tx, target.id)).filter((x) => x.id !== f.id);
      let idx = nextMetriqueIdx(existing.map((x) => x.idx));
      if (body.idx !== undefined) {
        await tx
          .update(metrique)
          .set({ idx: sql`${metrique.idx} + 1` })
          .where(and(eq(metrique.etapeId, target.id), gte(metrique.idx, body.idx), lt(metrique.idx, METRIQUE_IDX_LIMIT)));
        idx = body.idx;
      }
      await tx.update(metrique).set({ etapeId: target.id, idx, parentId: null }).where(eq(metrique.id, f.id));
      await tx.update(metrique).set({ etapeId: target.id }).where(eq(metrique.parentId, f.id));
    });
    return presentedMetrique(ctx.tx, f.id);
  }),

  route(W.renameMetrique, async (ctx, { body }) => {
    const f = await metriqueOrThrow(ctx, body.id);
    await editModele(ctx, f.processModeleId, (tx) => tx.update(metrique).set({ nom: body.nom }).where(eq(metrique.id, f.id)));
    return presentedMetrique(ctx.tx, f.id);
  }),

  route(W.metriqueUpdate, async (ctx, { body }) => {
    const f = await metriqueOrThrow(ctx, body.id);
    await editModele(ctx, f.processModeleId, async (tx) => {
      await assertFieldLinks(tx, f.processModeleId, f.etapeId, body);
      if (body.conditions?.some((c) => c.tests.some((t) => t.metriqueId === f.id))) {
        throw new AppError('VALIDATION', 'Un champ ne peut pas dépendre de lui-même.', [{ champ: 'conditions', message: 'boucle' }]);
      }
      const { id: _id, ...v } = body;
      await tx.update(metrique).set(v).where(eq(metrique.id, f.id));
    });
    return presentedMetrique(ctx.tx, f.id);
  }),

  route(W.deleteMetrique, async (ctx, { params }) => {
    const f = await metriqueOrThrow(ctx, params.id);
    await editModele(ctx, f.processModeleId, (tx) => tx.delete(metrique).where(eq(metrique.id, f.id)));
    return { message: 'Champ supprimé avec succès.', id: f.id };
  }),

  route(W.createActionMetrique, async (ctx, { body }) => {
    const s = await etapeOrThrow(ctx, body.etapeId);
    const id = await editModele(ctx, s.processModeleId, async (tx, m) => {
      const allowed = ((m.config as { workflowModelsToCreate?: number[] }).workflowModelsToCreate ?? []).includes(body.processModeleId);
      if (!allowed)
        throw new AppError('VALIDATION', 'Ce workflow ne fait pas partie des workflows que ce processus peut créer.', [
          { champ: 'processModeleId', message: 'non autorisé' },
        ]);
      const idx = nextMetriqueIdx((await metriquesOfEtape(tx, s.id)).map((f) => f.idx));
      const [row] = await tx
        .insert(metrique)
        .values({
          entrepriseId: m.entrepriseId,
          processModeleId: m.id,
          etapeId: s.id,
          nom: body.nom,
          dataType: 'action_button',
          idx,
          propertyValues: { processModeleId: body.processModeleId },
        })
        .returning({ id: metrique.id });
      return row.id;
    });
    return presentedMetrique(ctx.tx, id);
  }),

  route(W.updateActionMetrique, async (ctx, { body }) => {
    const f = await metriqueOrThrow(ctx, body.id);
    if (f.dataType !== 'action_button') throw new AppError('VALIDATION', "Ce champ n'est pas un bouton d'action.");
    await editModele(ctx, f.processModeleId, async (tx, m) => {
      if (
        body.processModeleId !== undefined &&
        !((m.config as { workflowModelsToCreate?: number[] }).workflowModelsToCreate ?? []).includes(body.processModeleId)
      ) {
        throw new AppError('VALIDATION', 'Ce workflow ne fait pas partie des workflows que ce processus peut créer.', [
          { champ: 'processModeleId', message: 'non autorisé' },
        ]);
      }
      await tx
        .update(metrique)
        .set({
          ...(body.nom !== undefined ? { nom: body.nom } : {}),
          ...(body.processModeleId !== undefined
            ? { propertyValues: { ...(f.propertyValues as Json), processModeleId: body.processModeleId } }
            : {}),
        })
        .where(eq(metrique.id, f.id));
    });
    return presentedMetrique(ctx.tx, f.id);
  }),

  route(W.metriquesWithConditions, async (ctx, { query }) => {
    const m = await modeleOrThrow(ctx, query.processModeleId);
    return m.metriques.filter((f) => f.conditions.length > 0);
  }),

  route(W.autorisations, async (ctx, { query }) => {
    const s = await etapeOrThrow(ctx, query.etapeId);
    return (
      await ctx.tx.select().from(etapeAutorisation).where(eq(etapeAutorisation.etapeId, s.id)).orderBy(asc(etapeAutorisation.id))
    ).map(presentAutorisation);
  }),

  route(W.autorisationCreate, async (ctx, { body }) => {
    const s = await etapeOrThrow(ctx, body.etapeId);
    // The person, profile and service named are references checked by the platform (contracts: ref()).
    const row = await editModele(ctx, s.processModeleId, async (tx, m) => {
      if (body.test) await assertFieldLinks(tx, m.id, s.id, { conditions: [{ tests: [body.test] }] });
      const [r] = await tx
        .insert(etapeAutorisation)
        .values({
          entrepriseId: m.entrepriseId,
          etapeId: s.id,
          type: body.type,
          utilisateurId: body.type === 'validateur' || body.type === 'utilisateur' ? (body.utilisateurId ?? null) : null,
          profilModeleId: body.type === 'profil' ? (body.profilId ?? null) : null,
          serviceModeleId: body.type === 'service' ? (body.serviceId ?? null) : null,
          test: body.type === 'condition' ? (body.test ?? null) : null,
        })
        .returning();
      return r;
    });
    return presentAutorisation(row);
  }),

  route(W.autorisationDelete, async (ctx, { params }) => {
    const [r] = await ctx.tx
      .select()
      .from(etapeAutorisation)
      .where(and(eq(etapeAutorisation.id, params.id), eq(etapeAutorisation.entrepriseId, ctx.caller.entrepriseId)));
    if (!r) throw notFound('Règle introuvable.');
    const s = await etapeOrThrow(ctx, r.etapeId);
    await editModele(ctx, s.processModeleId, (tx) => tx.delete(etapeAutorisation).where(eq(etapeAutorisation.id, r.id)));
    return { message: 'Règle supprimée avec succès.', id: r.id };
  }),
];

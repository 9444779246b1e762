import fs from 'node:fs/promises';
import { API, holdsValue } from '@app/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { AppError, assertCan, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { metriqueTree, presentAutorisation, presentMetrique } from '../workflow/index.ts';
import { etape, etapeAutorisation, metrique } from '../workflow/workflow.tables.ts';
import { presentProcess } from './process.presenter.ts';
import {
  childrenOf,
  fieldsOfModele,
  findProcess,
  journal,
  journalOf,
  liveSignatures,
  loadEngineState,
  refreshSequenced,
  saveEngineState,
  stepsOfModele,
} from './process.repository.ts';
import { process, processFile, processSequencing } from './process.tables.ts';
import { announce } from './process-events.routes.ts';
import { lockedProcessOrThrow, stepPermission } from './use-cases/engine-helpers.ts';

const P = API.process;

async function processOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return foundOrThrow(await findProcess(ctx.tx, ctx.caller.entrepriseId, id), 'Processus introuvable.');
}

function detailOf(
  state: Awaited<ReturnType<typeof loadEngineState>>,
  steps: Awaited<ReturnType<typeof stepsOfModele>>,
  pick: (s: { etapeId: number; ordre: number }) => boolean,
) {
  const rec = state.steps.find(pick);
  if (!rec) throw notFound('Étape introuvable dans ce processus.');
  const e = steps.find((s) => s.id === rec.etapeId);
  return {
    etapeId: rec.etapeId,
    isValid: rec.isValid,
    dateRealise: rec.dateRealise,
    etat: rec.etat,
    saved: rec.saved,
    etape: { id: rec.etapeId, ordre: rec.ordre, nom: e?.nom ?? '' },
  };
}

export const processStructureRoutes: RouteDef[] = [
  route(P.etatEtape, async (ctx, { body }) => {
    const p = await processOrThrow(ctx, body.process_id);
    return detailOf(await loadEngineState(ctx.tx, p), await stepsOfModele(ctx.tx, p.processModeleId), (s) => s.ordre === body.etape_ordre);
  }),

  route(P.saveEtatEtape, async (ctx, { body }) => {
    const p = await lockedProcessOrThrow(ctx.tx, ctx.caller, body.process_id);
    assertCan(ctx.caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
    const state = await loadEngineState(ctx.tx, p);
    const rec = state.steps.find((s) => s.etapeId === body.etape_id);
    if (!rec) throw notFound('Étape introuvable dans ce processus.');
    const next = { ...state, steps: state.steps.map((s) => (s.etapeId === body.etape_id ? { ...s, etat: body.etat } : s)) };
    await saveEngineState(ctx.tx, p, next, ctx.caller.userId);
    await journal(
      ctx.tx,
      p,
      ctx.caller.userId,
      'etat-etape',
      { id: rec.etapeId, ordre: rec.ordre },
      { etat: rec.etat },
      { etat: body.etat },
    );
    await announce(ctx.tx, p.entrepriseId, 'updated', [p.id]);
    return detailOf(next, await stepsOfModele(ctx.tx, p.processModeleId), (s) => s.etapeId === body.etape_id);
  }),

  route(P.detectValidated, async (ctx, { params }) => {
    const p = await processOrThrow(ctx, params.processId);
    const rec = (await loadEngineState(ctx.tx, p)).steps.find((s) => s.ordre === params.etapeOrdre);
    if (!rec) throw notFound('Étape introuvable dans ce processus.');
    return { validated: rec.isValid, dateRealise: rec.dateRealise };
  }),

  route(P.lackingSignatures, async (ctx, { body }) => {
    const p = await processOrThrow(ctx, body.process_id);
    const [s] = await ctx.tx
      .select()
      .from(etape)
      .where(and(eq(etape.id, body.etape_id), eq(etape.processModeleId, p.processModeleId)));
    if (!s) throw notFound('Étape introuvable dans ce processus.');
    const sigs = await liveSignatures(ctx.tx, p.id);
    const fields = (await fieldsOfModele(ctx.tx, p.processModeleId)).filter((f) => f.etapeId === s.id && f.dataType === 'signature');
    return fields.filter((f) => !sigs.some((x) => x.s.metriqueId === f.id)).map((f) => presentMetrique(f, s.ordre));
  }),

  route(P.multiTabs, async (ctx, { query }) => {
    const p = await processOrThrow(ctx, query.process_id);
    const [s] = await ctx.tx
      .select()
      .from(etape)
      .where(and(eq(etape.id, query.step_id), eq(etape.processModeleId, p.processModeleId)));
    if (!s) throw notFound('Étape introuvable dans ce processus.');
    const tree = metriqueTree(
      (await ctx.tx.select().from(metrique).where(eq(metrique.etapeId, s.id)).orderBy(asc(metrique.idx))).map((m) =>
        presentMetrique(m, s.ordre),
      ),
    );
    const loose = tree.filter((m) => m.dataType !== 'group');
    const groups = tree.filter((m) => m.dataType === 'group').map((g) => ({ libelle: g.nom, metriques: g.children ?? [] }));
    return [...(loose.length ? [{ libelle: s.nom, metriques: loose }] : []), ...groups];
  }),

  route(P.report, async (ctx, { params }) => {
    const p = await processOrThrow(ctx, params.id);
    const v = await presentProcess(ctx.tx, ctx.caller, p);
    const fields = await fieldsOfModele(ctx.tx, p.processModeleId);
    return {
      process: { id: v.id, numero: v.numero, nomProcess: v.nomProcess, etat: v.etat },
      etapes: v.steps.map((s) => {
        const d = v.processDetails.find((x) => x.etapeId === s.id);
        const own = fields.filter((f) => f.etapeId === s.id);
        return {
          ordre: s.ordre,
          nom: s.nom,
          isValid: d?.isValid ?? false,
          dateRealise: d?.dateRealise ?? null,
          champs: own
            .filter((f) => holdsValue(f.dataType) && f.dataType !== 'signature')
            .map((f) => ({ metriqueId: f.id, nom: f.nom, dataType: f.dataType, valeur: v.rawData[String(f.id)] ?? null })),
          signatures: own.flatMap((f) => v.signatures[String(f.id)] ?? []),
        };
      }),
    };
  }),

  route(P.synthese, async (ctx, { body }) => {
    const p = await processOrThrow(ctx, body.id);
    const v = await presentProcess(ctx.tx, ctx.caller, p);
    const fields = await fieldsOfModele(ctx.tx, p.processModeleId);
    return {
      id: v.id,
      etat: v.etat,
      etapes: v.processDetails.map((d) => ({
        ordre: d.etape.ordre,
        nom: d.etape.nom,
        etat: d.etat,
        isValid: d.isValid,
        signaturesManquantes: fields.filter(
          (f) => f.etapeId === d.etapeId && f.dataType === 'signature' && !(v.signatures[String(f.id)] ?? []).length,
        ).length,
      })),
    };
  }),

  route(P.assignParents, async (ctx, { body }) => {
    const ids = [...new Set(body.processIds)];
    const rows = await ctx.tx
      .select()
      .from(process)
      .where(and(eq(process.entrepriseId, ctx.caller.entrepriseId), inArray(process.id, ids)))
      .for('update');
    if (rows.length !== ids.length) throw notFound('Processus introuvable.');
    let niveau = 0;
    if (body.parentId !== null) {
      const parent = await processOrThrow(ctx, body.parentId);
      // The parent must not descend from a process being attached: that would make a loop.
      for (let cur: number | null = parent.id; cur !== null; ) {
        if (ids.includes(cur)) throw new AppError('VALIDATION', 'Un processus ne peut pas devenir le parent de son propre ascendant.');
        const [up] = await ctx.tx.select({ parentId: process.parentId }).from(process).where(eq(process.id, cur));
        cur = up?.parentId ?? null;
      }
      niveau = parent.niveau + 1;
    }
    for (const r of rows) assertCan(ctx.caller.ability, 'update', 'Process', { id: r.id, entrepriseId: r.entrepriseId });
    await ctx.tx
      .update(process)
      .set({ parentId: body.parentId, niveau, version: sql`${process.version} + 1` })
      .where(inArray(process.id, ids));
    for (const r of rows)
      await journal(ctx.tx, r, ctx.caller.userId, 'rattachement', null, { parentId: r.parentId }, { parentId: body.parentId });
    await announce(ctx.tx, ctx.caller.entrepriseId, 'updated', ids);
    return { message: 'Rattachement enregistré avec succès.' };
  }),

  route(P.parents, async (ctx, { params }) => {
    const p = await processOrThrow(ctx, params.id);
    const out: { id: number; nomProcess: string; numero: number; niveau: number }[] = [];
    for (let cur = p.parentId; cur !== null && out.length < 100; ) {
      const up = await findProcess(ctx.tx, ctx.caller.entrepriseId, cur);
      if (!up) break;
      out.push({ id: up.id, nomProcess: up.nomProcess, numero: up.numero, niveau: up.niveau });
      cur = up.parentId;
    }
    return out;
  }),

  route(P.allParents, async ({ tx, caller }) => {
    const rows = await tx
      .select({
        id: process.id,
        nomProcess: process.nomProcess,
        numero: process.numero,
        nbEnfants: sql<number>`(select count(*)::int from process c where c.parent_id = "process"."id")`,
      })
      .from(process)
      .where(and(eq(process.entrepriseId, caller.entrepriseId), sql`exists (select 1 from process c where c.parent_id = "process"."id")`))
      .orderBy(asc(process.numero));
    return rows;
  }),

  route(P.tree, async (ctx, { query }) => {
    let root = await processOrThrow(ctx, query.id);
    for (let i = 0; root.parentId !== null && i < 100; i++) root = await processOrThrow(ctx, root.parentId);
    type Node = { id: number; nomProcess: string; numero: number; etat: 'en_cours' | 'termine' | 'inactif'; children: Node[] };
    const top: Node = { id: root.id, nomProcess: root.nomProcess, numero: root.numero, etat: root.etat as Node['etat'], children: [] };
    const byId = new Map([[top.id, top]]);
    for (let frontier = [top.id], depth = 0; frontier.length && depth < 50; depth++) {
      const kids = await childrenOf(ctx.tx, ctx.caller.entrepriseId, frontier);
      frontier = [];
      for (const k of kids) {
        if (byId.has(k.id)) continue;
        const n: Node = { id: k.id, nomProcess: k.nomProcess, numero: k.numero, etat: k.etat as Node['etat'], children: [] };
        byId.get(k.parentId as number)?.children.push(n);
        byId.set(k.id, n);
        frontier.push(k.id);
      }
    }
    return top;
  }),

  route(P.sequencingCreate, async (ctx, { body }) => {
    if (body.processId === body.lockedByProcessId) throw new AppError('VALIDATION', 'Un processus ne peut pas s’attendre lui-même.');
    const p = await lockedProcessOrThrow(ctx.tx, ctx.caller, body.processId);
    await processOrThrow(ctx, body.lockedByProcessId);
    assertCan(ctx.caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
    // Refuse a cycle: the awaited process must not (transitively) wait for this one.
    const seen = new Set<number>();
    for (let frontier = [body.lockedByProcessId]; frontier.length; ) {
      if (frontier.includes(p.id)) throw new AppError('VALIDATION', 'Ce séquencement ferait attendre deux processus l’un l’autre.');
      const rows = await ctx.tx
        .select({ id: processSequencing.lockedByProcessId })
        .from(processSequencing)
        .where(inArray(processSequencing.processId, frontier));
      frontier = rows.map((r) => r.id).filter((id) => !seen.has(id));
      for (const id of frontier) seen.add(id);
    }
    const [row] = await ctx.tx
      .insert(processSequencing)
      .values({ entrepriseId: ctx.caller.entrepriseId, processId: p.id, lockedByProcessId: body.lockedByProcessId })
      .onConflictDoUpdate({
        target: [processSequencing.processId, processSequencing.lockedByProcessId],
        set: { lockedByProcessId: body.lockedByProcessId },
      })
      .returning();
    await refreshSequenced(ctx.tx, [p.id]);
    await journal(ctx.tx, p, ctx.caller.userId, 'sequencement', null, null, { lockedByProcessId: body.lockedByProcessId });
    await announce(ctx.tx, p.entrepriseId, 'updated', [p.id]);
    return { id: row.id, processId: row.processId, lockedByProcessId: row.lockedByProcessId };
  }),

  route(P.sequencingGet, async (ctx, { query }) => {
    await processOrThrow(ctx, query.processId);
    return ctx.tx
      .select({ id: processSequencing.id, processId: processSequencing.processId, lockedByProcessId: processSequencing.lockedByProcessId })
      .from(processSequencing)
      .where(eq(processSequencing.processId, query.processId))
      .orderBy(asc(processSequencing.id));
  }),

  route(P.sequencingDelete, async (ctx, { params }) => {
    const [row] = await ctx.tx
      .select()
      .from(processSequencing)
      .where(and(eq(processSequencing.id, params.id), eq(processSequencing.entrepriseId, ctx.caller.entrepriseId)));
    if (!row) throw notFound('Séquencement introuvable.');
    assertCan(ctx.caller.ability, 'update', 'Process', { id: row.processId, entrepriseId: row.entrepriseId });
    await ctx.tx.delete(processSequencing).where(eq(processSequencing.id, row.id));
    await refreshSequenced(ctx.tx, [row.processId]);
    await journal(
      ctx.tx,
      { id: row.processId, entrepriseId: row.entrepriseId },
      ctx.caller.userId,
      'sequencement-retire',
      null,
      { lockedByProcessId: row.lockedByProcessId },
      null,
    );
    await announce(ctx.tx, row.entrepriseId, 'updated', [row.processId]);
    return { message: 'Séquencement supprimé avec succès.', id: row.id };
  }),

  route(P.files, async (ctx, { query }) => {
    await processOrThrow(ctx, query.process_id);
    const rows = await ctx.tx
      .select({ f: processFile, nom: utilisateur.nom, prenom: utilisateur.prenom })
      .from(processFile)
      .leftJoin(utilisateur, eq(utilisateur.id, processFile.uploadedById))
      .where(
        and(eq(processFile.processId, query.process_id), query.metrique_id ? eq(processFile.metriqueId, query.metrique_id) : undefined),
      )
      .orderBy(asc(processFile.id));
    return rows.map(({ f, nom, prenom }) => ({
      id: f.id,
      metriqueId: f.metriqueId,
      nom: f.nom,
      mime: f.mime,
      taille: f.taille,
      uploadedAt: new Date(f.uploadedAt).toISOString(),
      uploadedBy: f.uploadedById && nom !== null ? { id: f.uploadedById, nom, prenom: prenom ?? '' } : null,
    }));
  }),

  route(P.removeFile, async (ctx, { query }) => {
    const [f] = await ctx.tx
      .select()
      .from(processFile)
      .where(and(eq(processFile.id, query.id), eq(processFile.entrepriseId, ctx.caller.entrepriseId)));
    if (!f) throw notFound('Fichier introuvable.');
    const p = await lockedProcessOrThrow(ctx.tx, ctx.caller, f.processId);
    assertCan(ctx.caller.ability, 'update', 'Process', { id: p.id, entrepriseId: p.entrepriseId });
    const state = await loadEngineState(ctx.tx, p);
    const [m] = await ctx.tx.select({ etapeId: metrique.etapeId }).from(metrique).where(eq(metrique.id, f.metriqueId));
    if (p.etat !== 'en_cours' || state.steps.find((s) => s.etapeId === m?.etapeId)?.isValid) {
      throw new AppError('CONFLICT', 'Ce fichier appartient à une étape validée : il ne peut plus être retiré.');
    }
    await ctx.tx.delete(processFile).where(eq(processFile.id, f.id));
    await fs.rm(f.chemin, { force: true });
    await journal(ctx.tx, p, ctx.caller.userId, 'fichier-retire', null, { fichier: f.nom, metriqueId: f.metriqueId }, null);
    await announce(ctx.tx, p.entrepriseId, 'updated', [p.id]);
    return { message: 'Fichier supprimé avec succès.', id: f.id };
  }),

  route(P.log, async (ctx, { params }) => {
    await processOrThrow(ctx, params.processId);
    return journalOf(ctx.tx, params.processId, params.etapeId || null);
  }),

  route(API.workflow.informationControls, async (ctx, { params, query }) => {
    const [s] = await ctx.tx
      .select()
      .from(etape)
      .where(and(eq(etape.id, params.id), eq(etape.entrepriseId, ctx.caller.entrepriseId)));
    if (!s) throw notFound('Étape introuvable.');
    const rules = (await ctx.tx.select().from(etapeAutorisation).where(eq(etapeAutorisation.etapeId, s.id))).map(presentAutorisation);
    if (!query.processId) return { etapeId: s.id, autorisations: rules, canAct: null, raison: null };
    const p = await processOrThrow(ctx, query.processId);
    if (p.processModeleId !== s.processModeleId) throw notFound('Étape introuvable dans ce processus.');
    const state = await loadEngineState(ctx.tx, p);
    if (state.currentOrdre !== s.ordre)
      return { etapeId: s.id, autorisations: rules, canAct: false, raison: 'Ce n’est pas l’étape courante du processus.' };
    const r = await stepPermission(ctx.tx, ctx.caller, p, state, s, p.rawData as Record<string, unknown>);
    return { etapeId: s.id, autorisations: rules, canAct: r.ok, raison: r.raison };
  }),
];

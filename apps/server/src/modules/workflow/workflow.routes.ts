import { API, abilitiesOn, type ProcessModele } from '@app/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Caller } from '../../platform/auth/caller.ts';
import { AppError, assertCan, foundOrThrow, notFound } from '../../platform/http/errors.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { grantCreatorAdmin, refreshRights } from '../permission/index.ts';
import { process } from '../process/process.tables.ts';
import { duplicateWorkflow } from './use-cases/duplicate-workflow.ts';
import { editModele } from './use-cases/edit-modele.ts';
import { loadModeles, lockModele } from './workflow.repository.ts';
import { etape, processModele } from './workflow.tables.ts';

const W = API.workflow;

const decorate =
  (caller: Caller) =>
  (m: ProcessModele): ProcessModele => ({
    ...m,
    abilities: abilitiesOn(caller.ability, 'ProcessModele', { id: m.id, entrepriseId: caller.entrepriseId }),
  });

/** One model as the editor sees it. */
export async function modeleOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<ProcessModele> {
  return decorate(ctx.caller)(foundOrThrow((await loadModeles(ctx.tx, ctx.caller.entrepriseId, [id]))[0], 'Workflow introuvable.'));
}

export const workflowRoutes: RouteDef[] = [
  route(W.forEdition, async ({ tx, caller, useCompany }, { query }) => {
    const entrepriseId = query.clientId ?? caller.entrepriseId;
    await useCompany(entrepriseId);
    return (await loadModeles(tx, entrepriseId)).map(decorate(caller));
  }),

  route(W.list, async ({ tx, caller }) => {
    const rows = await tx
      .select({
        id: processModele.id,
        libelle: processModele.libelle,
        package: processModele.package,
        locked: processModele.locked,
        nbEtapes: sql<number>`(select count(*)::int from ${etape} e where e.process_modele_id = "process_modele"."id")`,
      })
      .from(processModele)
      .where(eq(processModele.entrepriseId, caller.entrepriseId))
      .orderBy(asc(processModele.libelle));
    return rows.map((r) => ({
      ...r,
      abilities: abilitiesOn(caller.ability, 'ProcessModele', { id: r.id, entrepriseId: caller.entrepriseId }),
    }));
  }),

  route(W.create, async (ctx, { body }) => {
    const { tx, caller } = ctx;
    assertCan(caller.ability, 'create', 'ProcessModele', { entrepriseId: caller.entrepriseId });
    const [m] = await tx
      .insert(processModele)
      .values({ entrepriseId: caller.entrepriseId, libelle: body.libelle, package: body.package ?? null, config: body.config ?? {} })
      .returning({ id: processModele.id });
    // A new workflow starts with one step, so that it can run at once.
    await tx.insert(etape).values({ entrepriseId: caller.entrepriseId, processModeleId: m.id, nom: 'Étape 1', ordre: 1, config: {} });
    await grantCreatorAdmin(tx, caller, 'workflow', m.id);
    return modeleOrThrow({ tx, caller: await refreshRights(tx, caller) }, m.id);
  }),

  route(W.duplicate, async (ctx, { body }) => {
    const { tx, caller } = ctx;
    assertCan(caller.ability, 'create', 'ProcessModele', { entrepriseId: caller.entrepriseId });
    const source = await lockModele(tx, caller.entrepriseId, body.id);
    if (!source) throw notFound('Workflow introuvable.');
    const id = await duplicateWorkflow(tx, source, body.libelle ?? `${source.libelle} (copie)`);
    await grantCreatorAdmin(tx, caller, 'workflow', id);
    return modeleOrThrow({ tx, caller: await refreshRights(tx, caller) }, id);
  }),

  route(W.lock, async (ctx, { body }) => {
    await editModele(ctx, body.id, (tx) => tx.update(processModele).set({ locked: body.locked }).where(eq(processModele.id, body.id)), {
      ignoreLock: true,
    });
    return modeleOrThrow(ctx, body.id);
  }),

  route(W.update, async (ctx, { body }) => {
    await editModele(
      ctx,
      body.id,
      async (tx, m) => {
        const ids = body.config?.workflowModelsToCreate ?? [];
        if (ids.length) {
          const found = await tx
            .select({ id: processModele.id })
            .from(processModele)
            .where(
              and(
                eq(processModele.entrepriseId, m.entrepriseId),
                sql`${processModele.id} = any(${sql.raw(`ARRAY[${ids.map(Number).join(',')}]::int[]`)})`,
              ),
            );
          if (found.length !== new Set(ids).size)
            throw new AppError('VALIDATION', 'Un workflow à créer est inconnu.', [
              { champ: 'config.workflowModelsToCreate', message: 'inconnu' },
            ]);
        }
        await tx
          .update(processModele)
          .set({
            ...(body.libelle !== undefined ? { libelle: body.libelle } : {}),
            ...(body.package !== undefined ? { package: body.package } : {}),
            ...(body.config !== undefined ? { config: { ...(m.config as object), ...body.config } } : {}),
          })
          .where(eq(processModele.id, m.id));
        // The lists keep the workflow's name and package on each process.
        if (body.libelle !== undefined || body.package !== undefined) {
          await tx
            .update(process)
            .set({
              ...(body.libelle !== undefined ? { modeleLibelle: body.libelle } : {}),
              ...(body.package !== undefined ? { package: body.package } : {}),
            })
            .where(eq(process.processModeleId, m.id));
        }
      },
      { version: body.version, ignoreLock: body.config === undefined && body.package === undefined },
    );
    return modeleOrThrow(ctx, body.id);
  }),

  route(W.delete, async ({ tx, caller }, { params }) => {
    const m = await lockModele(tx, caller.entrepriseId, params.id);
    if (!m) throw notFound('Workflow introuvable.');
    assertCan(caller.ability, 'delete', 'ProcessModele', { id: m.id, entrepriseId: m.entrepriseId });
    if (m.locked) throw new AppError('CONFLICT', 'Ce workflow est verrouillé : déverrouillez-le pour le supprimer.');
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(process).where(eq(process.processModeleId, m.id));
    if (n > 0) throw new AppError('CONFLICT', `Ce workflow a ${n} processus : il ne peut pas être supprimé (verrouillez-le plutôt).`);
    await tx.delete(processModele).where(eq(processModele.id, m.id));
    return { message: 'Workflow supprimé avec succès.', id: m.id };
  }),
];

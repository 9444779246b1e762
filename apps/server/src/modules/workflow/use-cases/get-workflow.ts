import type { Metrique, ProcessModele } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { autorisationById, etapeById, metriqueById, metriqueWithOrdre } from '../etape.repository.ts';
import { presentMetrique, withAbilities } from '../workflow.presenter.ts';
import { loadModeles } from '../workflow.repository.ts';

/* A model of the company and its parts, or a French 404 (rows of another company are not found, as under RLS). */

/** One model as the editor sees it, with the caller's abilities on it. */
export async function getWorkflow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<ProcessModele> {
  return withAbilities(ctx.caller)(foundOrThrow((await loadModeles(ctx.tx, ctx.caller.entrepriseId, [id]))[0], 'Workflow introuvable.'));
}

/** One step as the editor sees it (its fields as a tree, its rules). */
export async function getEtape(ctx: Pick<Ctx, 'tx' | 'caller'>, modeleId: number, etapeId: number) {
  return foundOrThrow(
    (await getWorkflow(ctx, modeleId)).etapes.find((e) => e.id === etapeId),
    'Étape introuvable.',
  );
}

/** One field as the editor sees it (with its step's ordre); the id is one just checked or written. */
export async function getMetrique(tx: Tx, id: number): Promise<Metrique> {
  const { m, ordre } = await metriqueWithOrdre(tx, id);
  return presentMetrique(m, ordre);
}

export async function etapeOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return foundOrThrow(await etapeById(ctx.tx, ctx.caller.entrepriseId, id), 'Étape introuvable.');
}

export async function metriqueOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return foundOrThrow(await metriqueById(ctx.tx, ctx.caller.entrepriseId, id), 'Champ introuvable.');
}

export async function autorisationOrThrow(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  return foundOrThrow(await autorisationById(ctx.tx, ctx.caller.entrepriseId, id), 'Règle introuvable.');
}

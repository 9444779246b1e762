import type { EtatManoeuvre, EtatManoeuvreCreate, EtatManoeuvreUpdate } from '@app/contracts';
import type { z } from 'zod';
import { assertCan, conflict, foundOrThrow, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { gammeFor } from '../gamme.access.ts';
import {
  ensureDefaultEtats,
  etatsFor,
  findEtat,
  insertEtat,
  linesExpectingEtat,
  lockEtatsAmong,
  softDeleteEtat,
  updateEtat,
  arrangeEtats as writeOrder,
} from '../gamme.repository.ts';

/** The company's states must be editable: a state of a gamme also needs the right on that gamme. */
async function assertEditable(ctx: Ctx, gammeId: number | null) {
  if (gammeId) await gammeFor(ctx, gammeId, 'update');
  else assertCan(ctx.caller.ability, 'update', 'GammeModele', { entrepriseId: ctx.caller.entrepriseId });
}

/** The states gamme `id` may use: the company's (seeded with the defaults the first time) and its own. */
export async function etatsOfGamme(ctx: Ctx, gammeId: number): Promise<EtatManoeuvre[]> {
  await gammeFor(ctx, gammeId, 'read');
  await ensureDefaultEtats(ctx.tx, ctx.caller.entrepriseId);
  return etatsFor(ctx.tx, ctx.caller.entrepriseId, gammeId);
}

export async function createEtat(ctx: Ctx, body: z.output<typeof EtatManoeuvreCreate>): Promise<EtatManoeuvre> {
  await assertEditable(ctx, body.gammeId ?? null);
  await ensureDefaultEtats(ctx.tx, ctx.caller.entrepriseId);
  const id = await insertEtat(ctx.tx, ctx.caller.entrepriseId, {
    gammeId: body.gammeId ?? null,
    libelle: body.libelle,
    couleur: body.couleur ?? null,
  });
  return foundOrThrow(await findEtat(ctx.tx, ctx.caller.entrepriseId, id));
}

export async function updateEtatOf(ctx: Ctx, body: z.output<typeof EtatManoeuvreUpdate>): Promise<EtatManoeuvre> {
  const e = foundOrThrow(await findEtat(ctx.tx, ctx.caller.entrepriseId, body.id), 'État de manœuvre introuvable.');
  await assertEditable(ctx, e.gammeId);
  await updateEtat(ctx.tx, ctx.caller.entrepriseId, e.id, { libelle: body.libelle, couleur: body.couleur });
  return foundOrThrow(await findEtat(ctx.tx, ctx.caller.entrepriseId, e.id));
}

/** Removes a state (kept for the record): refused (409, naming the lines) while lines of a sheet expect it. */
export async function removeEtat(ctx: Ctx, id: number) {
  const e = foundOrThrow(await findEtat(ctx.tx, ctx.caller.entrepriseId, id), 'État de manœuvre introuvable.');
  await assertEditable(ctx, e.gammeId);
  const [locked] = await lockEtatsAmong(ctx.tx, ctx.caller.entrepriseId, [id]);
  if (!locked) throw notFound('État de manœuvre introuvable.');
  const lines = await linesExpectingEtat(ctx.tx, id);
  if (lines.length) {
    const named = lines.map((l) => `« ${l.gamme} » ligne ${l.numero}`).join(', ');
    throw conflict(`L’état « ${e.libelle} » est attendu par des lignes de manœuvre (${named}) : changez-les d’abord.`, lines);
  }
  await softDeleteEtat(ctx.tx, id);
  return { message: 'État de manœuvre retiré avec succès.', id };
}

/** Orders the states as listed (each the company's, locked meanwhile). */
export async function arrangeEtats(ctx: Ctx, ids: number[]): Promise<EtatManoeuvre[]> {
  assertCan(ctx.caller.ability, 'update', 'GammeModele', { entrepriseId: ctx.caller.entrepriseId });
  const unique = [...new Set(ids)];
  if ((await lockEtatsAmong(ctx.tx, ctx.caller.entrepriseId, unique)).length !== unique.length)
    throw notFound('État de manœuvre introuvable.');
  await writeOrder(ctx.tx, unique);
  return etatsFor(ctx.tx, ctx.caller.entrepriseId, null).then(async (common) => {
    const own = new Set(common.map((e) => e.id));
    const extra = [];
    for (const id of unique) if (!own.has(id)) extra.push(await findEtat(ctx.tx, ctx.caller.entrepriseId, id));
    return [...common, ...extra.filter((e): e is EtatManoeuvre => e !== null)].sort((a, b) => a.idx - b.idx || a.id - b.id);
  });
}

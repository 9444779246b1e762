import {
  type ManoeuvreModele,
  type ManoeuvreModeleUpdate,
  type MmManoeuvre,
  type MmManoeuvreCreate,
  type MmManoeuvreUpdate,
  moveTo,
  renumberAfterDelete,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError, conflict, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { gammeFor } from '../gamme.access.ts';
import {
  deleteLine,
  etatsFor,
  findLine,
  insertLine,
  type LineValues,
  lineNumbersOf,
  manoeuvreHeaderOf,
  updateLine,
  updateManoeuvreHeader,
  writeNumeros,
} from '../gamme.repository.ts';

const lineValues = (b: z.output<typeof MmManoeuvreCreate>): LineValues => ({
  poste: b.poste,
  equipementId: b.equipementId,
  appareil: b.appareil,
  operation: b.operation,
  etatManoeuvreId: b.etatManoeuvreId,
  observations: b.observations,
});

/** The expected state must be one the gamme may use (the company's or its own): 400 otherwise. */
async function assertEtatOfGamme(ctx: Ctx, gammeId: number, etatId: number | null | undefined) {
  if (!etatId) return;
  const usable = await etatsFor(ctx.tx, ctx.caller.entrepriseId, gammeId);
  if (!usable.some((e) => e.id === etatId))
    throw new AppError('VALIDATION', 'Référence invalide : etatManoeuvreId.', [
      { champ: 'etatManoeuvreId', message: "Cet état n'est pas utilisable par cette gamme." },
    ]);
}

export async function manoeuvreModeleOf(ctx: Ctx, gammeId: number): Promise<ManoeuvreModele> {
  await gammeFor(ctx, gammeId, 'read');
  return manoeuvreHeaderOf(ctx.tx, ctx.caller.entrepriseId, gammeId);
}

export async function updateManoeuvreModele(ctx: Ctx, body: z.output<typeof ManoeuvreModeleUpdate>): Promise<ManoeuvreModele> {
  await gammeFor(ctx, body.gammeId, 'update', true);
  await manoeuvreHeaderOf(ctx.tx, ctx.caller.entrepriseId, body.gammeId);
  if (!(await updateManoeuvreHeader(ctx.tx, body.gammeId, body.version, body)))
    throw conflict('Cette fiche de manœuvre a été modifiée entre-temps : rechargez-la.');
  return manoeuvreHeaderOf(ctx.tx, ctx.caller.entrepriseId, body.gammeId);
}

/** A line the caller may read (its gamme's right). */
export async function lineOf(ctx: Ctx, id: number, action: 'read' | 'update' = 'read', lock = false): Promise<MmManoeuvre> {
  const l = foundOrThrow(await findLine(ctx.tx, ctx.caller.entrepriseId, id), 'Ligne de manœuvre introuvable.');
  await gammeFor(ctx, l.gammeId, action, lock);
  return l;
}

/**
 * Adds a line numbered max + 1 (S 114). The gamme's row is locked first: two simultaneous additions run one after
 * the other and never share a number (the unique (gamme, numero) constraint stands behind).
 */
export async function createLine(ctx: Ctx, gammeId: number, body: z.output<typeof MmManoeuvreCreate>): Promise<MmManoeuvre> {
  await gammeFor(ctx, gammeId, 'update', true);
  await assertEtatOfGamme(ctx, gammeId, body.etatManoeuvreId);
  const id = await insertLine(ctx.tx, ctx.caller.entrepriseId, gammeId, lineValues(body));
  return foundOrThrow(await findLine(ctx.tx, ctx.caller.entrepriseId, id));
}

/** Changes a line (409 on a stale version); a new numero moves it, the lines between shift by one. */
export async function updateLineOf(ctx: Ctx, body: z.output<typeof MmManoeuvreUpdate>): Promise<MmManoeuvre> {
  const l = await lineOf(ctx, body.id, 'update', true);
  await assertEtatOfGamme(ctx, l.gammeId, body.etatManoeuvreId);
  if (!(await updateLine(ctx.tx, l.id, body.version, lineValues(body))))
    throw conflict('Cette ligne a été modifiée entre-temps : rechargez la fiche.');
  if (body.numero !== undefined && body.numero !== l.numero) {
    const all = await lineNumbersOf(ctx.tx, l.gammeId);
    await writeNumeros(
      ctx.tx,
      moveTo(
        all.map((x) => ({ id: x.id, pos: x.numero })),
        l.id,
        body.numero,
      ),
    );
  }
  return foundOrThrow(await findLine(ctx.tx, ctx.caller.entrepriseId, l.id));
}

/** Deletes a line of the sheet (a model, not an execution record); the later lines move up one number (no gap). */
export async function deleteLineOf(ctx: Ctx, id: number) {
  const l = await lineOf(ctx, id, 'update', true);
  await deleteLine(ctx.tx, l.id);
  const rest = await lineNumbersOf(ctx.tx, l.gammeId);
  await writeNumeros(ctx.tx, renumberAfterDelete(rest, l.numero));
  return { message: 'Ligne supprimée avec succès.', id };
}

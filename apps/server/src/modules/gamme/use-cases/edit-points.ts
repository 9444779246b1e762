import {
  type GammePoint,
  type GammePointCreate,
  type GammePointUpdate,
  moveTo,
  nextPointIdx,
  POINT_IDX_LIMIT,
  shiftPointsForInsert,
  thresholdsProblem,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError, conflict, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { gammeFor } from '../gamme.access.ts';
import {
  findPoint,
  insertPoint,
  type PointValues,
  pointIdxOf,
  pointsOf,
  softDeletePoint,
  updatePoint,
  writePointIdx,
} from '../gamme.repository.ts';

const pointValues = (b: Partial<z.output<typeof GammePointCreate>>): PointValues => ({
  nom: b.nom,
  dataType: b.dataType,
  propertyValues: b.propertyValues,
  equipementId: b.equipementId,
  unite: b.unite,
  min: b.min,
  max: b.max,
  lowWarning: b.lowWarning,
  highWarning: b.highWarning,
  obligatoire: b.obligatoire,
  workflowModelsToCreate: b.workflowModelsToCreate,
});

/**
 * Adds a point (S 115): without idx at the end (highest idx below 10000 + 1); at an idx, the points from there on
 * move one place down. The gamme's row is locked meanwhile, so concurrent additions never share an idx.
 */
export async function createPoint(ctx: Ctx, body: z.output<typeof GammePointCreate>): Promise<GammePoint> {
  const g = await gammeFor(ctx, body.gammeId, 'update', true);
  const existing = await pointIdxOf(ctx.tx, g.id);
  const end = nextPointIdx(existing.map((p) => p.idx));
  const idx = body.idx === undefined || body.idx >= end ? end : body.idx;
  if (idx < end) await writePointIdx(ctx.tx, shiftPointsForInsert(existing, idx));
  const id = await insertPoint(ctx.tx, ctx.caller.entrepriseId, g.id, idx, pointValues(body));
  return foundOrThrow(await findPoint(ctx.tx, ctx.caller.entrepriseId, id));
}

/** Changes a point (409 on a stale version); the thresholds, merged with the stored ones, must stay ordered. */
export async function updatePointOf(ctx: Ctx, body: z.output<typeof GammePointUpdate>): Promise<GammePoint> {
  const p = foundOrThrow(await findPoint(ctx.tx, ctx.caller.entrepriseId, body.id), 'Point introuvable.');
  await gammeFor(ctx, p.gammeId, 'update', true);
  const merged = {
    min: body.min === undefined ? p.min : body.min,
    max: body.max === undefined ? p.max : body.max,
    lowWarning: body.lowWarning === undefined ? p.lowWarning : body.lowWarning,
    highWarning: body.highWarning === undefined ? p.highWarning : body.highWarning,
  };
  const problem = thresholdsProblem(merged);
  if (problem) throw new AppError('VALIDATION', problem, [{ champ: 'min', message: problem }]);
  if (!(await updatePoint(ctx.tx, ctx.caller.entrepriseId, p.id, body.version, pointValues(body))))
    throw conflict('Ce point a été modifié entre-temps : rechargez la gamme.');
  return foundOrThrow(await findPoint(ctx.tx, ctx.caller.entrepriseId, p.id));
}

/** Moves a point to `idx` (clamped to the list); the points between its old and new place shift by one. */
export async function movePoint(ctx: Ctx, id: number, idx: number): Promise<GammePoint[]> {
  const p = foundOrThrow(await findPoint(ctx.tx, ctx.caller.entrepriseId, id), 'Point introuvable.');
  await gammeFor(ctx, p.gammeId, 'update', true);
  const all = await pointIdxOf(ctx.tx, p.gammeId);
  const moves = moveTo(
    all.map((x) => ({ id: x.id, pos: x.idx })),
    id,
    idx,
    POINT_IDX_LIMIT,
  );
  await writePointIdx(ctx.tx, moves);
  return pointsOf(ctx.tx, ctx.caller.entrepriseId, p.gammeId);
}

/** Removes a point: kept (deleted_at) for its readings; the later points keep their idx (the order is unchanged). */
export async function deletePoint(ctx: Ctx, id: number) {
  const p = foundOrThrow(await findPoint(ctx.tx, ctx.caller.entrepriseId, id), 'Point introuvable.');
  await gammeFor(ctx, p.gammeId, 'update', true);
  await softDeletePoint(ctx.tx, p.id);
  return { message: 'Point retiré avec succès.', id };
}

import type { PointIsolement } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import { accessOf, equipementFor } from '../equipement.access.ts';
import { presentPoint } from '../equipement.presenter.ts';
import { arrangePoints, deletePoint, insertPoint, type PointValues, pointRow, pointsOf, updatePoint } from '../equipement.repository.ts';

export async function listPoints(tx: Tx, caller: Caller, equipementId: number): Promise<PointIsolement[]> {
  await equipementFor(tx, caller, await accessOf(tx, caller), equipementId, 'read');
  return (await pointsOf(tx, caller.entrepriseId, equipementId)).map(presentPoint);
}

export async function createPoint(
  tx: Tx,
  caller: Caller,
  equipementId: number,
  v: Required<Pick<PointValues, 'repere' | 'energie' | 'dispositif' | 'positionRequise'>> & PointValues,
): Promise<PointIsolement> {
  await equipementFor(tx, caller, await accessOf(tx, caller), equipementId, 'update', true);
  const id = await insertPoint(tx, caller.entrepriseId, equipementId, v);
  return presentPoint((await pointRow(tx, caller.entrepriseId, id)) as NonNullable<Awaited<ReturnType<typeof pointRow>>>);
}

/** A live point whose equipment the caller may update. */
async function pointFor(tx: Tx, caller: Caller, id: number) {
  const p = await pointRow(tx, caller.entrepriseId, id);
  if (!p) throw notFound("Point d'isolement introuvable.");
  await equipementFor(tx, caller, await accessOf(tx, caller), Number(p.equipement_id), 'update', true);
  return p;
}

export async function changePoint(tx: Tx, caller: Caller, id: number, v: PointValues): Promise<PointIsolement> {
  await pointFor(tx, caller, id);
  await updatePoint(tx, caller.entrepriseId, id, v);
  return presentPoint((await pointRow(tx, caller.entrepriseId, id)) as NonNullable<Awaited<ReturnType<typeof pointRow>>>);
}

export async function removePoint(tx: Tx, caller: Caller, id: number) {
  await pointFor(tx, caller, id);
  await deletePoint(tx, caller.entrepriseId, id);
  return { message: "Point d'isolement retiré.", id };
}

export async function orderPoints(tx: Tx, caller: Caller, equipementId: number, ids: number[]) {
  await equipementFor(tx, caller, await accessOf(tx, caller), equipementId, 'update', true);
  if (!(await arrangePoints(tx, caller.entrepriseId, equipementId, ids)))
    throw new AppError('VALIDATION', "Un des points n'appartient pas à cet équipement.");
  return { message: 'Ordre enregistré.' };
}

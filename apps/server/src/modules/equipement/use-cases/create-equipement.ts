import type { Equipement } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { accessOf, entriesWritten, equipementFor } from '../equipement.access.ts';
import { grantCreator, insertEquipement, insertPoint, lockTree } from '../equipement.repository.ts';
import { getEquipement } from './get-equipement.ts';
import { type PropertiesInput, valuesOf } from './values.ts';

interface CreateInput extends PropertiesInput {
  name: string;
  parentId: number | null;
  pointsIsolement?: {
    repere: string;
    energie: string;
    dispositif: string;
    positionRequise: string;
    moyenCondamnation?: string | null;
    methodeVerification?: string | null;
  }[];
}

/**
 * Creates an equipment at the end of its parent's children (path = parent's path + its id). Under a parent: the
 * caller needs `create` on the parent; at the root, `create` on the registry with no specific rights in the way.
 * With specific rights on, the creator gets every right on what they create (S 126).
 */
export async function createEquipement(tx: Tx, caller: Caller, body: CreateInput): Promise<Equipement> {
  const a = await accessOf(tx, caller);
  await lockTree(tx, caller.entrepriseId);
  const parent = body.parentId === null ? null : await equipementFor(tx, caller, a, body.parentId, 'create');
  if (!parent && a.entries && !a.entries.some((e) => e.equipementId === null && e.rights.create))
    throw new AppError('FORBIDDEN', "Vous n'avez pas le droit de créer un équipement à la racine.");
  const id = await insertEquipement(
    tx,
    caller.entrepriseId,
    parent ? { id: Number(parent.id), path: parent.path.map(Number) } : null,
    { ...valuesOf(body), name: body.name },
    caller.userId,
  );
  for (const p of body.pointsIsolement ?? []) await insertPoint(tx, caller.entrepriseId, id, p);
  if (a.entries) {
    await grantCreator(tx, caller.entrepriseId, caller.userId, caller.isEE, id);
    entriesWritten(caller);
  }
  return getEquipement(tx, caller, id);
}

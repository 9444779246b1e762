import type { RisqueAxe } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { conflict } from '../../../platform/http/errors.ts';
import { getEchelle, highestUsed, lockEchelle, replaceEchelle } from '../risque.repository.ts';

/** Replaces one scale's levels (1..n), refused (409) when a risk uses a level above the new scale. */
export async function updateEchelle(tx: Tx, caller: Caller, body: { axe: RisqueAxe; libelles: string[] }) {
  await lockEchelle(tx, caller.entrepriseId);
  const used = await highestUsed(tx, caller.entrepriseId, body.axe);
  if (used > body.libelles.length)
    throw conflict(`Des risques sont évalués au niveau ${used} : l’échelle doit garder au moins ${used} niveaux.`);
  await replaceEchelle(tx, caller.entrepriseId, body.axe, body.libelles);
  return getEchelle(tx, caller.entrepriseId);
}

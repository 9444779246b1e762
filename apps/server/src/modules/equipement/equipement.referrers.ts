import type { Tx } from '../../platform/db/engine.ts';

/**
 * What else refers to an equipment, from other modules (readings of the gamme module, lockouts...): each checker
 * answers a French phrase naming what refers to it (« 3 relevés »), or null. A module registers its checker from its
 * own index.ts at load (registerEquipementReferrer), so deleting an equipment is refused while anything points at it
 * without this module knowing the others' tables.
 */
export type EquipementReferrer = (tx: Tx, entrepriseId: number, equipementId: number) => Promise<string | null>;

const referrers = new Map<string, EquipementReferrer>();

/** Registers (or replaces) the check of one module, by its name. */
export function registerEquipementReferrer(name: string, check: EquipementReferrer): void {
  referrers.set(name, check);
}

/** The phrases of every registered checker that finds something. */
export async function otherReferrers(tx: Tx, entrepriseId: number, equipementId: number): Promise<string[]> {
  const out: string[] = [];
  for (const check of referrers.values()) {
    const found = await check(tx, entrepriseId, equipementId);
    if (found) out.push(found);
  }
  return out;
}

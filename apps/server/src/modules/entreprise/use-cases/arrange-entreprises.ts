import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { SUPER_ADMIN_SCOPE } from '../entreprise.policy.ts';
import { arrangeEntreprises as writeOrder } from '../entreprise.repository.ts';
import { assertEntreprisesExist } from './get-entreprise.ts';

/** A super admin orders the companies as the ids are listed (each must exist). */
export async function arrangeEntreprises(tx: Tx, ids: number[]) {
  return asSystem(tx, SUPER_ADMIN_SCOPE, async () => {
    const unique = [...new Set(ids)];
    await assertEntreprisesExist(tx, unique);
    await writeOrder(tx, unique);
    return { message: 'Ordre enregistré avec succès.' };
  });
}

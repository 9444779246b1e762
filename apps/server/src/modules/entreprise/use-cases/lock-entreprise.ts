import type { Entreprise } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { AppError, conflict, notFound } from '../../../platform/http/errors.ts';
import { consumeOneTimeCode, deleteSessionsOfEntreprise } from '../../auth/index.ts';
import { SUPER_ADMIN_SCOPE } from '../entreprise.policy.ts';
import { updateEntrepriseRow } from '../entreprise.repository.ts';
import { getEntreprise } from './get-entreprise.ts';

/**
 * A super admin locks (or unlocks) a company, confirmed by the one-time master code sent to them before; locking
 * signs everyone of the company out at once. Never their own company (409).
 */
export async function lockEntreprise(
  tx: Tx,
  caller: Caller,
  id: number,
  body: { locked: boolean; code?: string | null },
): Promise<Entreprise> {
  if (id === caller.entrepriseId && body.locked) throw conflict('Vous ne pouvez pas verrouiller votre propre entreprise.');
  if (!body.code) throw new AppError('VALIDATION', 'Le code à usage unique est obligatoire : demandez-le d’abord.');
  await consumeOneTimeCode(tx, caller, 'master', body.code);
  return asSystem(tx, SUPER_ADMIN_SCOPE, async () => {
    if (!(await updateEntrepriseRow(tx, id, { locked: body.locked }))) throw notFound('Entreprise introuvable.');
    if (body.locked) await deleteSessionsOfEntreprise(tx, id);
    return getEntreprise(tx, id);
  });
}

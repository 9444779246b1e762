import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { conflict, notFound } from '../../../platform/http/errors.ts';
import { SUPER_ADMIN_SCOPE } from '../entreprise.policy.ts';
import { deleteEntrepriseRow } from '../entreprise.repository.ts';

/** A super admin deletes a company with everything of it (foreign keys on cascade); never their own (409). */
export async function deleteEntreprise(tx: Tx, caller: Caller, id: number) {
  if (id === caller.entrepriseId) throw conflict('Vous ne pouvez pas supprimer votre propre entreprise.');
  return asSystem(tx, SUPER_ADMIN_SCOPE, async () => {
    if (!(await deleteEntrepriseRow(tx, id))) throw notFound('Entreprise introuvable.');
    return { message: 'Entreprise supprimée avec succès.', id };
  });
}

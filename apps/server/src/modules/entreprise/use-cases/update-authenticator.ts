import type { Entreprise } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { SUPER_ADMIN_SCOPE } from '../entreprise.policy.ts';
import { updateEntrepriseRow } from '../entreprise.repository.ts';
import { getEntreprise } from './get-entreprise.ts';

/** A super admin sets how a company's people sign in (password, SSO...), each method once. */
export async function updateAuthenticator(tx: Tx, body: { id: number; authTypes: string[] }): Promise<Entreprise> {
  return asSystem(tx, SUPER_ADMIN_SCOPE, async () => {
    if (!(await updateEntrepriseRow(tx, body.id, { authTypes: [...new Set(body.authTypes)] }))) throw notFound('Entreprise introuvable.');
    return getEntreprise(tx, body.id);
  });
}

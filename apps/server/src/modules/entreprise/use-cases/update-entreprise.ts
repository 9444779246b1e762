import type { Entreprise, EntrepriseUpdate } from '@app/contracts';
import type { z } from 'zod';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { assertCanUpdateEntreprise, SUPER_ADMIN_SCOPE } from '../entreprise.policy.ts';
import { replaceClients, updateEntrepriseRow, upsertLogiciels } from '../entreprise.repository.ts';
import { assertEntreprisesExist, getEntreprise } from './get-entreprise.ts';

/**
 * Updates a company: name and settings (merged) by whoever may update it; software, type and clients by a super
 * admin, who works across companies.
 */
export async function updateEntreprise(tx: Tx, caller: Caller, body: z.output<typeof EntrepriseUpdate>): Promise<Entreprise> {
  assertCanUpdateEntreprise(caller, body);
  const run = async () => {
    const current = await getEntreprise(tx, body.id);
    await updateEntrepriseRow(tx, body.id, {
      ...(body.nom !== undefined ? { nom: body.nom } : {}),
      ...(body.eu !== undefined ? { eu: body.eu } : {}),
      ...(body.setting ? { setting: { ...current.setting, ...body.setting } } : {}),
    });
    if (body.logiciels) await upsertLogiciels(tx, body.id, body.logiciels);
    if (body.clients) {
      await assertEntreprisesExist(
        tx,
        body.clients.map((c) => c.entrepriseId),
        'Entreprise cliente introuvable.',
      );
      await replaceClients(tx, body.id, body.clients);
    }
    return getEntreprise(tx, body.id);
  };
  return caller.isSuperAdmin ? asSystem(tx, SUPER_ADMIN_SCOPE, run) : run();
}

import type { Entreprise, EntrepriseCreate } from '@app/contracts';
import type { z } from 'zod';
import type { Tx } from '../../../platform/db/engine.ts';
import { asSystem } from '../../../platform/db/tenant.ts';
import { seedCompanyMenu } from '../../permission/index.ts';
import { SUPER_ADMIN_SCOPE } from '../entreprise.policy.ts';
import { DEFAULT_SETTING, insertEntreprise, replaceClients, upsertLogiciels } from '../entreprise.repository.ts';
import { assertEntreprisesExist, getEntreprise } from './get-entreprise.ts';

/** A super admin creates a company: its row (last in the order), software, clients (external company) and default menu. */
export async function createEntreprise(tx: Tx, body: z.output<typeof EntrepriseCreate>): Promise<Entreprise> {
  return asSystem(tx, SUPER_ADMIN_SCOPE, async () => {
    await assertEntreprisesExist(
      tx,
      body.clients.map((c) => c.entrepriseId),
      'Entreprise cliente introuvable.',
    );
    const id = await insertEntreprise(tx, {
      nom: body.nom,
      eu: body.eu,
      authTypes: body.authTypes,
      setting: { ...DEFAULT_SETTING, ...body.setting },
    });
    await upsertLogiciels(tx, id, body.logiciels);
    if (body.eu) await replaceClients(tx, id, body.clients);
    await seedCompanyMenu(tx, id);
    return getEntreprise(tx, id);
  });
}

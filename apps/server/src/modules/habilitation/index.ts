import type { ServerModule } from '../../platform/module.ts';
import { registerEquipementReferrer } from '../equipement/index.ts';
import { registerProcessEndListener, registerSignatureGate } from '../process/index.ts';
import { habilitationReferences } from './habilitation.references.ts';
import { catalogueOf, holdingsOnEquipement } from './habilitation.repository.ts';
import { habilitationRoutes } from './habilitation.routes.ts';
import { signatureGate } from './use-cases/check-signer.ts';
import { grantFromProcess } from './use-cases/grant-from-process.ts';
import { sendExpiryAlerts } from './use-cases/send-expiry-alerts.ts';

export { habilitation, titreHabilitation, utilisateurHabilitation, visiteMedicale } from './habilitation.tables.ts';
export { sendExpiryAlerts } from './use-cases/send-expiry-alerts.ts';

/** The codes of a company's symbol catalogue (live symbols, inactive ones included), for modules naming symbols. */
export async function codesDuCatalogue(tx: Parameters<typeof catalogueOf>[0], entrepriseId: number): Promise<string[]> {
  return (await catalogueOf(tx, entrepriseId)).map((s) => s.code);
}

// A step requiring habilitations is signed only under a valid one (the process module calls this gate).
registerSignatureGate(signatureGate);
// A validated habilitation request (mh) grants its « accordée » habilitations.
registerProcessEndListener('habilitation', grantFromProcess);
// An equipment a holding is scoped to is not deleted.
registerEquipementReferrer('habilitation', async (tx, _entrepriseId, equipementId) => {
  const n = await holdingsOnEquipement(tx, equipementId);
  return n ? `${n} habilitation${n > 1 ? 's' : ''} limitée${n > 1 ? 's' : ''} à cet équipement` : null;
});

export const habilitationModule: ServerModule = {
  name: 'habilitation',
  routes: habilitationRoutes,
  references: habilitationReferences,
  housekeeping: [
    async (tx, deps) => {
      if (deps) await sendExpiryAlerts(tx, deps.mailer);
    },
  ],
};

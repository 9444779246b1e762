import {
  type ActePermis,
  type EtatPermis,
  estExpire,
  estPermisDeFeu,
  type PermisSign,
  type RolePermis,
  SURVEILLANCE_DEFAUT,
  type TypePermis,
  transitionPermis,
  verifierSignature,
} from '@app/contracts';
import type { z } from 'zod';
import { journal } from '../../process/index.ts';
import { closeSuspension, insertSignature, settingOf, signaturesOf, updatePermis } from '../permis.repository.ts';
import { assertIssuable } from './assert-issuable.ts';
import {
  assertContractorRole,
  hashOf,
  lockoutsOfPermit,
  type PermisCtx,
  permisView,
  permitToChange,
  ruleOrConflict,
  signedContent,
} from './permis-context.ts';

/**
 * Signs an act of a permit in a role: the délivrance (issuer and receiver, and the fire watcher for hot work, ED
 * 6030) or the fin de travaux (both sides). The last awaited signature moves the permit: issued, or ended — which
 * for hot work starts the fire watch with the company's settings of that moment. Each délivrance signature is
 * refused while the coactivité module finds the permit's window in blocking conflict (assert-issuable.ts).
 */
export async function signPermis(ctx: PermisCtx, body: z.output<typeof PermisSign>) {
  const { tx, caller } = ctx;
  // A contractor signs its side (exécutant, surveillant) of its client's permit.
  const { process, row, now } = await permitToChange(ctx, body.processId, body.version, { partner: true });
  assertContractorRole(caller, process, body.role);
  const etat = row.etat as EtatPermis;
  const feu = estPermisDeFeu({ type: row.type as TypePermis, complements: row.complements });
  const expire = estExpire({ etat, dateFin: row.dateFin }, now);
  const signatures = await signaturesOf(tx, row.id);
  const signees = signatures
    .filter((s) => s.acte === body.acte)
    .map((s) => ({ role: s.role as RolePermis, utilisateurId: s.utilisateurId }));
  const { complet } = ruleOrConflict(() => {
    // The issue of a permit whose window has passed is refused by the state machine (delivrer when expired).
    if (body.acte === 'delivrance' && new Date(row.dateFin).getTime() <= now.getTime())
      transitionPermis(etat, 'delivrer', { expire: true });
    return verifierSignature({ etat, feu, acte: body.acte, role: body.role, signataireId: caller.userId }, signees);
  });
  if (body.acte === 'delivrance') await assertIssuable(tx, caller, row);
  const consignationIds = (await lockoutsOfPermit(tx, caller, row)).map((c) => c.processId);
  const hash = hashOf({
    ...signedContent(row, consignationIds),
    acte: body.acte,
    role: body.role,
    utilisateurId: caller.userId,
    at: now.toISOString(),
  });
  await insertSignature(tx, {
    entrepriseId: row.entrepriseId,
    permisId: row.id,
    acte: body.acte,
    role: body.role,
    utilisateurId: caller.userId,
    image: body.image ?? null,
    hash,
  });
  await journal(tx, process, caller.userId, 'permis-signature', null, null, {
    acte: body.acte,
    role: body.role,
    hash,
    at: now.toISOString(),
  });
  if (!complet) {
    await updatePermis(tx, row.id, {});
    return permisView(tx, caller, process, row);
  }
  const to = ruleOrConflict(() => transitionPermis(etat, actionOf(body.acte), { expire }));
  if (body.acte === 'delivrance') {
    await updatePermis(tx, row.id, { etat: to, delivreAt: now });
  } else {
    if (etat === 'suspendu') await closeSuspension(tx, row.id, caller.userId, 'Fin de travaux signée pendant la suspension.');
    const setting = feu ? ((await settingOf(tx, row.entrepriseId)) ?? SURVEILLANCE_DEFAUT) : null;
    await updatePermis(tx, row.id, {
      etat: to,
      finTravauxAt: now,
      surveillanceMinutes: setting?.surveillanceMinutes ?? null,
      controleIntervalleMinutes: setting?.controleIntervalleMinutes ?? null,
    });
  }
  await journal(tx, process, caller.userId, 'permis-etat', null, { etat }, { etat: to, at: now.toISOString() });
  return permisView(tx, caller, process, row);
}

const actionOf = (acte: ActePermis) => (acte === 'delivrance' ? 'delivrer' : 'terminer');

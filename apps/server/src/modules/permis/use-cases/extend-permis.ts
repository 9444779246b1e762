import {
  type EtatPermis,
  estExpire,
  estPermisDeFeu,
  type ModeValidite,
  type PermisExtend,
  refusProlongation,
  type TypePermis,
  transitionPermis,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { journal } from '../../process/index.ts';
import { assertNoConflictOnWindow } from '../permis.links.ts';
import { consignationsOf, insertProlongation, permitsNotActive, updatePermis } from '../permis.repository.ts';
import { hashOf, type PermisCtx, permisView, permitToChange, ruleOrConflict, signedContent } from './permis-context.ts';

/**
 * Extends a permit by re-signature: a new end of validity, its reason, signed by the caller (hash of the permit and of
 * the new end), the previous end kept in the history. Hot work stays within its day or its 5 days (GH 3); the new
 * window must not create a blocking conflict (coactivité). Two extensions at once: the process row serialises them,
 * and a client sending the version it read gets 409 rather than extending twice.
 */
export async function extendPermis(ctx: PermisCtx, body: z.output<typeof PermisExtend>) {
  const { tx, caller } = ctx;
  const { process, row, now } = await permitToChange(ctx, body.processId, body.version);
  const etat = row.etat as EtatPermis;
  ruleOrConflict(() => transitionPermis(etat, 'prolonger', { expire: estExpire({ etat, dateFin: row.dateFin }, now) }));
  const feu = estPermisDeFeu({ type: row.type as TypePermis, complements: row.complements });
  const refus = refusProlongation(
    { feu, modeValidite: row.modeValidite as ModeValidite | null, dateDebut: row.dateDebut, dateFin: row.dateFin },
    body.dateFin,
    now,
  );
  if (refus) throw new AppError('VALIDATION', refus, [{ champ: 'dateFin', message: refus }]);
  const nouvelleFin = new Date(body.dateFin);
  // Like a délivrance, against the lockouts in progress and the permits that cover works (not those still requested).
  await assertNoConflictOnWindow(tx, {
    caller,
    processId: process.id,
    window: { debut: new Date(row.dateDebut), fin: nouvelleFin },
    notCounted: (ids) => permitsNotActive(tx, ids),
  });
  const consignationIds = (await consignationsOf(tx, row.id)).map((c) => c.processId);
  const hash = hashOf({
    ...signedContent(row, consignationIds),
    prolongation: { ancienneFin: new Date(row.dateFin).toISOString(), nouvelleFin: nouvelleFin.toISOString(), motif: body.motif },
    utilisateurId: caller.userId,
    at: now.toISOString(),
  });
  await insertProlongation(tx, {
    entrepriseId: row.entrepriseId,
    permisId: row.id,
    ancienneFin: row.dateFin,
    nouvelleFin,
    motif: body.motif,
    utilisateurId: caller.userId,
    image: body.image ?? null,
    hash,
  });
  await updatePermis(tx, row.id, { dateFin: nouvelleFin });
  await journal(
    tx,
    process,
    caller.userId,
    'permis-prolongation',
    null,
    { dateFin: new Date(row.dateFin).toISOString() },
    { dateFin: nouvelleFin.toISOString(), motif: body.motif, hash, at: now.toISOString() },
  );
  return permisView(tx, caller, process, row);
}

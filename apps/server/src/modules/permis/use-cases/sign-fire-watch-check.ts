import { estPermisDeFeu, type FireWatchCheck, type TypePermis, verifierControle } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import { journal } from '../../process/index.ts';
import { surveillanceOf } from '../permis.presenter.ts';
import { controlesOf, insertControle, isPersonOfCompany, signaturesOf, updatePermis } from '../permis.repository.ts';
import { contractorOn, hashOf, type PermisCtx, permisView, permitToChange, ruleOrConflict } from './permis-context.ts';

/**
 * Signs check `numero` of the post-work fire watch: in order, once each, not before it is due (database's clock).
 * Two watchers signing at once wait on the process row: the second is told the check is already signed. A contractor
 * signs the checks of its client's permit when the fire watcher (surveillant at the délivrance) is of its company.
 */
export async function signFireWatchCheck(ctx: PermisCtx, body: z.output<typeof FireWatchCheck>) {
  const { tx, caller } = ctx;
  const { process, row, now } = await permitToChange(ctx, body.processId, undefined, { partner: true });
  if (contractorOn(caller, process)) {
    const surveillant = (await signaturesOf(tx, row.id)).find((s) => s.role === 'surveillant');
    if (!surveillant || !(await isPersonOfCompany(tx, surveillant.utilisateurId, caller.entrepriseId)))
      throw new AppError(
        'FORBIDDEN',
        'La surveillance après travaux revient à l’entreprise de son surveillant : ici, l’entreprise cliente.',
      );
  }
  if (!estPermisDeFeu({ type: row.type as TypePermis, complements: row.complements })) {
    throw new AppError('CONFLICT', 'Ce permis n’a pas de surveillance après travaux (pas de travaux par point chaud).');
  }
  if (row.etat === 'clos') throw new AppError('CONFLICT', 'Ce permis est clos.');
  const watch = surveillanceOf(row, await controlesOf(tx, row.id), now);
  if (row.etat !== 'fin_travaux' || !watch) {
    throw new AppError('CONFLICT', 'La surveillance après travaux commence à la fin de travaux signée.');
  }
  ruleOrConflict(() => verifierControle(watch.etat, body.numero, now));
  const observation = body.observation || null;
  const hash = hashOf({
    permisId: row.id,
    processId: row.processId,
    numero: body.numero,
    observation,
    utilisateurId: caller.userId,
    at: now.toISOString(),
  });
  await insertControle(tx, {
    entrepriseId: row.entrepriseId,
    permisId: row.id,
    numero: body.numero,
    utilisateurId: caller.userId,
    observation,
    image: body.image ?? null,
    hash,
  });
  await updatePermis(tx, row.id, {});
  await journal(tx, process, caller.userId, 'permis-surveillance', null, null, {
    numero: body.numero,
    observation,
    hash,
    at: now.toISOString(),
  });
  return permisView(tx, caller, process, row);
}

import type { Gamme, GammeSave } from '@app/contracts';
import type { z } from 'zod';
import { AppError, assertCan, conflict, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { grantCreatorAdmin } from '../../permission/index.ts';
import { gammeFor } from '../gamme.access.ts';
import { findGamme, insertGamme, updateGamme } from '../gamme.repository.ts';

/**
 * save: without `id` creates the gamme (and its manoeuvre sheet header) and makes its creator its administrator
 * (S 126, effective at their next request); with `id` updates it (409 when the version sent is stale).
 */
export async function saveGamme(ctx: Ctx, body: z.output<typeof GammeSave>): Promise<Gamme> {
  const { tx, caller } = ctx;
  const values = { logicielId: body.logiciel_id, libelle: body.libelle, client: body.client, duree: body.duree };
  if (body.id === undefined) {
    assertCan(caller.ability, 'create', 'GammeModele', { entrepriseId: caller.entrepriseId });
    const id = await insertGamme(tx, {
      entrepriseId: caller.entrepriseId,
      ...values,
      client: values.client ?? null,
      duree: values.duree ?? null,
      createdById: caller.userId,
    });
    await grantCreatorAdmin(tx, caller, 'gammeModel', id);
    return foundOrThrow(await findGamme(tx, caller.entrepriseId, id));
  }
  await gammeFor(ctx, body.id, 'update', true);
  if (!(await updateGamme(tx, caller.entrepriseId, body.id, body.version, values)))
    throw conflict('Cette gamme a été modifiée entre-temps : rechargez-la avant de la modifier.');
  const g = await findGamme(tx, caller.entrepriseId, body.id);
  if (!g) throw new AppError('NOT_FOUND', 'Gamme introuvable.');
  return g;
}

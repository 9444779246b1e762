import { type Localisation, type LocalisationUpdate, parentAllowed } from '@app/contracts';
import type { z } from 'zod';
import { AppError, assertCan, conflict, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { lockLocalisation, parentsOfLocalisations, replaceMarkers, updateLocalisationRow } from '../localisation.repository.ts';
import { getLocalisation } from './get-localisation.ts';

/** Changes a location (and replaces its markers when given): 409 on a stale version, 400 on a parent cycle. */
export async function updateLocalisation(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: z.output<typeof LocalisationUpdate>,
): Promise<Localisation> {
  const { tx, caller } = ctx;
  const row = await lockLocalisation(tx, caller.entrepriseId, body.id);
  if (!row) throw notFound('Localisation introuvable.');
  assertCan(caller.ability, 'update', 'Localisation', { id: row.id, entrepriseId: row.entrepriseId });
  if (body.version !== undefined && body.version !== row.version)
    throw conflict('Cette localisation a été modifiée entre-temps : rechargez-la avant d’enregistrer.', { version: row.version });
  if (body.parentId !== undefined && body.parentId !== null) {
    // Serialises re-parentings of the company so two concurrent moves cannot build a cycle together.
    const parents = await parentsOfLocalisations(tx, caller.entrepriseId);
    if (!parentAllowed(row.id, body.parentId, parents))
      throw new AppError('VALIDATION', 'Une localisation ne peut pas être placée dans elle-même ni dans une de ses sous-localisations.');
  }
  const { id: _id, version: _v, markers, ...fields } = body;
  await updateLocalisationRow(tx, row.id, Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)));
  if (markers) await replaceMarkers(tx, caller.entrepriseId, row.id, markers);
  return getLocalisation(tx, caller, row.id);
}

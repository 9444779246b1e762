import type { Localisation, LocalisationCreate } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { grantCreatorAdmin, refreshRights } from '../../permission/index.ts';
import { insertLocalisation, replaceMarkers } from '../localisation.repository.ts';
import { getLocalisation } from './get-localisation.ts';

/** Creates a location (and its markers); its creator administers it from this very answer (S 126). */
export async function createLocalisation(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: z.output<typeof LocalisationCreate>,
): Promise<Localisation> {
  const { tx, caller } = ctx;
  const id = await insertLocalisation(tx, {
    entrepriseId: caller.entrepriseId,
    libelle: body.libelle,
    description: body.description ?? null,
    couleur: body.couleur ?? null,
    icon: body.icon ?? null,
    parentId: body.parentId ?? null,
    latitude: body.latitude ?? null,
    longitude: body.longitude ?? null,
    createdById: caller.isSuperAdmin ? null : caller.userId,
  });
  if (body.markers?.length) await replaceMarkers(tx, caller.entrepriseId, id, body.markers);
  await grantCreatorAdmin(tx, caller, 'localisation', id);
  return getLocalisation(tx, await refreshRights(tx, caller), id);
}

import type { Localisation } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { presentLocalisations } from '../localisation.presenter.ts';
import { findLocalisation, listLocalisations } from '../localisation.repository.ts';

/** One location of the caller's company that the caller may read, or a French 404. */
export async function getLocalisation(tx: Tx, caller: Caller, id: number): Promise<Localisation> {
  const [l] = presentLocalisations(caller, await listLocalisations(tx, caller.entrepriseId, id));
  if (!l) throw notFound('Localisation introuvable.');
  return l;
}

/** The stored plan image of a location the caller may read, or a French 404. */
export async function planImageOrThrow(tx: Tx, caller: Caller, id: number) {
  const l = await getLocalisation(tx, caller, id);
  const row = await findLocalisation(tx, caller.entrepriseId, l.id);
  if (!row?.imageChemin || !row.imageMime) throw notFound('Cette localisation n’a pas de plan.');
  return { chemin: row.imageChemin, mime: row.imageMime, nom: row.imageNom ?? 'plan' };
}

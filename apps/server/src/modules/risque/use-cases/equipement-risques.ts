import { type EquipementRisque, risqueSources } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError, conflict, notFound } from '../../../platform/http/errors.ts';
import { equipementAccessOf, equipementRightsOn } from '../../equipement/index.ts';
import { deleteLink, equipementOf, findLink, insertLink, linksOf, pathNodes, presentLink } from '../risque.repository.ts';

/** An equipment of the caller's company they may read (404 otherwise), and may `update` when asked (403). */
async function equipementOrThrow(tx: Tx, caller: Caller, id: number, need: 'read' | 'update' = 'read') {
  const e = await equipementOf(tx, caller.entrepriseId, id);
  if (!e) throw notFound('Équipement introuvable.');
  const rights = equipementRightsOn(await equipementAccessOf(tx, caller), e.path?.length ? e.path : [e.id]);
  if (!rights.read) throw notFound('Équipement introuvable.');
  if (need === 'update' && !rights.update) throw new AppError('FORBIDDEN', "Vous n'avez pas les droits pour modifier cet équipement.");
  return e;
}

/**
 * The risks of an equipment: its own first, then those of its ancestors upwards, the inheritance stopping at the first
 * node (itself included) that hides its parent's risks; each row says which equipment holds it.
 */
export async function listEquipementRisques(tx: Tx, caller: Caller, id: number): Promise<EquipementRisque[]> {
  const e = await equipementOrThrow(tx, caller, id);
  const nodes = await pathNodes(tx, e.path?.length ? e.path : [e.id]);
  const sources = risqueSources(nodes);
  const names = new Map(nodes.map((n) => [n.id, n.name]));
  const links = await linksOf(tx, sources);
  const rank = new Map(sources.map((s, i) => [s, i]));
  return links
    .sort((a, b) => (rank.get(a.link.equipementId) ?? 0) - (rank.get(b.link.equipementId) ?? 0))
    .map((l) => presentLink(l, { id: l.link.equipementId, name: names.get(l.link.equipementId) ?? '' }, e.id));
}

export async function addEquipementRisque(tx: Tx, caller: Caller, id: number, body: { risqueId: number; commentaire?: string | null }) {
  const e = await equipementOrThrow(tx, caller, id, 'update');
  const linkId = await insertLink(tx, {
    entrepriseId: caller.entrepriseId,
    equipementId: e.id,
    risqueId: body.risqueId,
    commentaire: body.commentaire ?? null,
    createdById: caller.isSuperAdmin ? null : caller.userId,
  });
  if (linkId === null) throw conflict('Ce risque est déjà attaché à cet équipement.');
  const [l] = await linksOf(tx, [e.id], linkId);
  return presentLink(l, { id: e.id, name: e.name }, e.id);
}

/** Removes a risk from the equipment holding it (an inherited risk is removed on its ancestor). */
export async function removeEquipementRisque(tx: Tx, caller: Caller, linkId: number) {
  const l = await findLink(tx, caller.entrepriseId, linkId);
  if (!l) throw notFound('Risque d’équipement introuvable.');
  await equipementOrThrow(tx, caller, l.equipementId, 'update');
  await deleteLink(tx, linkId);
  return { message: 'Risque retiré de l’équipement.', id: linkId };
}

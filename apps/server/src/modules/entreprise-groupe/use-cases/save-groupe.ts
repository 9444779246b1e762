import type { Tx } from '../../../platform/db/engine.ts';
import { foundOrThrow } from '../../../platform/http/errors.ts';
import { type GroupeRow, insertGroupe, updateGroupe } from '../entreprise-groupe.repository.ts';

/**
 * Creates a group of the caller's company, or rewrites one of its groups (404 for any other), each member once. The
 * people (of the company and its contractors) and contractors named are checked by the platform before (refs()).
 */
export async function saveGroupe(
  tx: Tx,
  entrepriseId: number,
  body: { id?: number | null; nom: string; utilisateurIds: number[]; prestataireIds: number[] },
): Promise<GroupeRow> {
  const values = { nom: body.nom, utilisateurIds: [...new Set(body.utilisateurIds)], prestataireIds: [...new Set(body.prestataireIds)] };
  if (body.id) return foundOrThrow(await updateGroupe(tx, entrepriseId, body.id, values), 'Groupe introuvable.');
  return insertGroupe(tx, entrepriseId, values);
}

import type { GroupeRow } from './entreprise-groupe.repository.ts';

/** A group as the API shows it. */
export const presentGroupe = (g: GroupeRow) => ({
  id: g.id,
  entrepriseId: g.entrepriseId,
  nom: g.nom,
  utilisateurIds: g.utilisateurIds,
  prestataireIds: g.prestataireIds,
});

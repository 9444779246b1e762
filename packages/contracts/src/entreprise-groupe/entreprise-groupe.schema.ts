import { z } from 'zod';
import { refs, targets } from '../common/references.ts';

/** A named group of a company's people and contractor companies (used to address work to many at once). */
export const EntrepriseGroupe = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  nom: z.string(),
  utilisateurIds: z.array(z.number().int()),
  prestataireIds: z.array(z.number().int()),
});
export const EntrepriseGroupeSave = z.object({
  id: z.coerce.number().int().positive().optional(),
  nom: z.string().trim().min(1, 'Le nom est obligatoire').max(120),
  utilisateurIds: refs('utilisateur').max(5000).default([]),
  prestataireIds: refs('prestataire').max(1000).default([]),
});
export const GroupeIds = z.object({ groupeIds: targets('groupe').min(1).max(200) });

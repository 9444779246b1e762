import { z } from 'zod';
import { SERVICE_TYPES } from '../common/constants.ts';
import { Abilities, Couleur, withChanges } from '../common/schemas.ts';

/** A service (department) of a company; type client for its own, provider for contractors, supplier for suppliers. */
export const ServiceModele = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  libelle: z.string(),
  type: z.enum(SERVICE_TYPES),
  couleur: z.string().nullable(),
  idx: z.number().int(),
  nbUtilisateurs: z.number().int(),
  abilities: Abilities.optional(),
});
export type ServiceModele = z.infer<typeof ServiceModele>;
export const ServiceModeleCreate = z.object({
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(120),
  couleur: Couleur.nullable().optional(),
});
export const ServiceModeleUpdate = withChanges(ServiceModeleCreate.partial().extend({ id: z.coerce.number().int().positive() }));

import { z } from 'zod';
import { PROFIL_CODES } from '../common/constants.ts';
import { LogicielCode } from '../entreprise/entreprise.schema.ts';

export const ProfilCode = z.enum(PROFIL_CODES);
/** A profile model. `type` supplier profiles are listed apart (get_all_ee). */
export const ProfilModele = z.object({
  id: z.number().int(),
  code: ProfilCode,
  libelle: z.string(),
  type: z.enum(['client', 'supplier']),
  idx: z.number().int(),
});
export type ProfilModele = z.infer<typeof ProfilModele>;
export const ProfilModeleLogiciel = z.object({
  id: z.number().int(),
  profilModeleId: z.number().int(),
  logicielId: z.number().int(),
  code: LogicielCode,
  libelle: z.string(),
});

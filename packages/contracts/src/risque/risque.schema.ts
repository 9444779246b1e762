import { z } from 'zod';
import { ref } from '../common/references.ts';
import { Abilities, Couleur, TEXT_MAX, withChanges } from '../common/schemas.ts';
import { RISQUE_AXES } from './risque.rules.ts';

/** A family of the risk catalogue (INRS ED 840 families by default). */
export const RisqueFamille = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  code: z.string().nullable(),
  libelle: z.string(),
  couleur: z.string().nullable(),
  idx: z.number().int(),
  nbRisques: z.number().int(),
  abilities: Abilities.optional(),
});
export type RisqueFamille = z.infer<typeof RisqueFamille>;
export const RisqueFamilleCreate = z.object({
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name),
  couleur: Couleur.nullable().optional(),
});
export const RisqueFamilleUpdate = withChanges(RisqueFamilleCreate.partial().extend({ id: z.coerce.number().int().positive() }));

/** A risk of the catalogue: danger, family, gravité and fréquence on the company's scales, existing measures. */
export const Risque = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  familleId: z.number().int().nullable(),
  libelle: z.string(),
  description: z.string().nullable(),
  mesures: z.string().nullable(),
  gravite: z.number().int().nullable(),
  frequence: z.number().int().nullable(),
  /** G × F, null when one is missing. */
  criticite: z.number().int().nullable(),
  idx: z.number().int(),
  /** Equipment it is attached to. */
  nbEquipements: z.number().int(),
  abilities: Abilities.optional(),
});
export type Risque = z.infer<typeof Risque>;

const Niveau = z.number().int().min(1, 'Niveau hors échelle').max(10, 'Niveau hors échelle');
const risqueFields = {
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name),
  familleId: ref('risqueFamille').nullable().optional(),
  description: z.string().trim().max(TEXT_MAX.comment).nullable().optional(),
  mesures: z.string().trim().max(TEXT_MAX.comment).nullable().optional(),
  gravite: Niveau.nullable().optional(),
  frequence: Niveau.nullable().optional(),
};
export const RisqueCreate = z.object(risqueFields);
export const RisqueUpdate = withChanges(
  z.object({ ...risqueFields, libelle: risqueFields.libelle.optional() }).extend({ id: z.coerce.number().int().positive() }),
);

/** A level of a scale (G or F) of the company. */
export const EchelleNiveau = z.object({ niveau: z.number().int(), libelle: z.string() });
export const RisqueEchelle = z.object({ gravite: z.array(EchelleNiveau), frequence: z.array(EchelleNiveau) });
export type RisqueEchelle = z.infer<typeof RisqueEchelle>;
/** Replaces the levels of one axis: 2 to 10 levels, numbered 1..n in order. */
export const RisqueEchelleUpdate = z.object({
  axe: z.enum(RISQUE_AXES),
  libelles: z.array(z.string().trim().min(1, 'Chaque niveau a un libellé').max(TEXT_MAX.name)).min(2).max(10),
});

/** A risk that applies to an equipment: its own, or inherited from an ancestor (`source`). */
export const EquipementRisque = z.object({
  /** The link's id (to remove it, on the equipment that holds it). */
  id: z.number().int(),
  equipementId: z.number().int(),
  risque: Risque.omit({ abilities: true, nbEquipements: true }),
  famille: z.string().nullable(),
  commentaire: z.string().nullable(),
  /** Where it comes from: the equipment itself, or the ancestor holding it. */
  herite: z.boolean(),
  source: z.object({ id: z.number().int(), name: z.string() }),
});
export type EquipementRisque = z.infer<typeof EquipementRisque>;
export const EquipementRisqueAdd = z.object({
  risqueId: ref('risque'),
  commentaire: z.string().trim().max(TEXT_MAX.comment).nullable().optional(),
});

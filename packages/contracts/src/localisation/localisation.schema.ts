import { z } from 'zod';
import { ref } from '../common/references.ts';
import { Abilities, Couleur, TEXT_MAX, withChanges } from '../common/schemas.ts';
import { LOCALISATION_ICONS } from './localisation.constants.ts';

/** A free marker of a location's plan (« Point de rassemblement », « Extincteur »): x, y in 0..1 of the image. */
export const LocalisationMarker = z.object({
  id: z.number().int(),
  libelle: z.string(),
  x: z.number(),
  y: z.number(),
  couleur: z.string().nullable(),
  icon: z.string().nullable(),
});
export type LocalisationMarker = z.infer<typeof LocalisationMarker>;

/** The plan image of a location (its bytes: GET /api/v3/location/{id}/image). */
export const LocalisationImage = z.object({ nom: z.string(), mime: z.string(), taille: z.number().int(), uploadedAt: z.string() });

/** A location (zone, building, room): optional parent, plan image with markers, optional geographic position. */
export const Localisation = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  parentId: z.number().int().nullable(),
  libelle: z.string(),
  description: z.string().nullable(),
  couleur: z.string().nullable(),
  icon: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  idx: z.number().int(),
  version: z.number().int(),
  image: LocalisationImage.nullable(),
  markers: z.array(LocalisationMarker),
  /** Equipment placed on it (not deleted). */
  nbEquipements: z.number().int(),
  abilities: Abilities.optional(),
});
export type Localisation = z.infer<typeof Localisation>;

const Coord = z.number().min(0, 'Position hors du plan').max(1, 'Position hors du plan');
export const LocalisationMarkerInput = z.object({
  libelle: z.string().trim().min(1, 'Le libellé du repère est obligatoire').max(TEXT_MAX.name),
  x: Coord,
  y: Coord,
  couleur: Couleur.nullable().optional(),
  icon: z.enum(LOCALISATION_ICONS).nullable().optional(),
});
export type LocalisationMarkerInput = z.infer<typeof LocalisationMarkerInput>;

const fields = {
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name),
  description: z.string().trim().max(TEXT_MAX.comment).nullable().optional(),
  couleur: Couleur.nullable().optional(),
  icon: z.enum(LOCALISATION_ICONS).nullable().optional(),
  parentId: ref('localisation').nullable().optional(),
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  /** The plan's markers, replaced as a whole when given. */
  markers: z.array(LocalisationMarkerInput).max(200).optional(),
};
export const LocalisationCreate = z.object(fields);
export const LocalisationUpdate = withChanges(
  z.object({ ...fields, libelle: fields.libelle.optional() }).extend({
    id: z.coerce.number().int().positive(),
    /** The version read: a stale one is refused (409). */
    version: z.number().int().min(0).optional(),
  }),
  ['id', 'version'],
);
export type LocalisationUpdate = z.input<typeof LocalisationUpdate>;

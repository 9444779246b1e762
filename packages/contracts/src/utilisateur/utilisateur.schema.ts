import { z } from 'zod';
import { ref, refs, target } from '../common/references.ts';
import { Abilities, BoundedJsonObject, Couleur, DateIso, Mail, SETTINGS_BOUNDS } from '../common/schemas.ts';

/** A user (utilisateur / personnel), with every property of the spec. */
export const Utilisateur = z.object({
  id: z.number().int(),
  nom: z.string(),
  prenom: z.string(),
  mail: z.string(),
  codeRfid: z.string().nullable(),
  telephone: z.string().nullable(),
  fonction: z.string().nullable(),
  identification: z.string().nullable(),
  coutHoraire: z.number().nullable(),
  couleur: z.string().nullable(),
  serviceId: z.number().int().nullable(),
  service: z.string().nullable(),
  profilId: z.number().int().nullable(),
  profil: z.string().nullable(),
  /** Every profile the user may switch to (changeRole). */
  profilIds: z.array(z.number().int()),
  entrepriseId: z.number().int(),
  entreprise: z.string(),
  dateNaissance: z.string().nullable(),
  enable: z.boolean(),
  isTempAccount: z.boolean(),
  isMfa: z.boolean(),
  signature: z.string().nullable(),
  /** The account has a password (invitation accepted). */
  authenticated: z.boolean(),
  isSupperAdmin: z.boolean(),
  abilities: Abilities.optional(),
});
export type Utilisateur = z.infer<typeof Utilisateur>;

const nullableText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v === '' ? null : v));

/** A signature image as a PNG or JPEG data URL, at most ~200 kB. */
export const SignatureImage = z
  .string()
  .max(280_000, 'Image de signature trop volumineuse')
  .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, 'Signature attendue en image PNG ou JPEG');

export const UtilisateurFields = z.object({
  nom: z.string().trim().min(1, 'Le nom est obligatoire').max(80),
  prenom: z.string().trim().min(1, 'Le prénom est obligatoire').max(80),
  mail: Mail,
  codeRfid: nullableText(64),
  telephone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 .-]{6,20}$/, 'Numéro de téléphone invalide')
    .nullable()
    .optional()
    .or(z.literal('').transform(() => null)),
  fonction: nullableText(120),
  identification: nullableText(64),
  coutHoraire: z.number().min(0).max(100000).nullable().optional(),
  couleur: Couleur.nullable().optional(),
  // Checked by the handler in the person's company (a super admin may act in another one).
  serviceId: ref('service', 'handler').nullable().optional(),
  profilId: ref('profil', 'handler'),
  profilIds: refs('profil', 'handler').optional(),
  dateNaissance: DateIso.nullable().optional(),
  enable: z.boolean().optional(),
  isTempAccount: z.boolean().optional(),
  isMfa: z.boolean().optional(),
  signature: SignatureImage.nullable().optional(),
});
/** Create: without a password the person receives an invitation to set one (validate_user). */
export const UtilisateurCreate = UtilisateurFields.extend({
  /** The company the person joins: the caller's, or any for a super admin (the handler scopes to it). */
  entrepriseId: target('entreprise').optional(),
});
export const UtilisateurUpdate = UtilisateurFields.partial().extend({ id: z.coerce.number().int().positive() });

export const UtilisateurSort = z.enum(['nom', 'prenom', 'mail', 'fonction', 'service', 'profil', 'enable']);
export const UtilisateurListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  enable: z.enum(['true', 'false']).optional(),
  serviceId: ref('service').optional(),
  profilId: ref('profil').optional(),
  sort: UtilisateurSort.default('nom'),
  order: z.enum(['asc', 'desc']).default('asc'),
  offset: z.coerce.number().int().min(0).default(0),
  perPage: z.coerce.number().int().min(1).max(500).default(100),
});

export const UserName = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string(), fullName: z.string() });

/** A collated message (message collationné, NF C18-510): read back by the receiver before it is valid. */
export const MessageCollationne = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  emetteurId: z.number().int(),
  destinataireId: z.number().int(),
  objet: z.string(),
  contenu: z.string(),
  envoyeAt: z.string(),
  collationneAt: z.string().nullable(),
});

export const UserSettings = z.record(z.string(), z.unknown());
/** Preferences sent to save_setting: bounded, and the merged whole is bounded again by the server (SETTINGS_BOUNDS). */
export const UserSettingsPatch = BoundedJsonObject(SETTINGS_BOUNDS);

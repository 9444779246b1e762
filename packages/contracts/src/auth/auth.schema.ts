import { z } from 'zod';
import { AUTH_TYPES, PROFIL_CODES } from '../common/constants.ts';
import { ref } from '../common/references.ts';
import { Password } from '../common/schemas.ts';
import { LogicielCode } from '../entreprise/entreprise.schema.ts';
import { ACTIONS, ROLES, SUBJECTS } from '../permission/ability.ts';
import { SupportMode } from '../support/support.schema.ts';

export const LoginBody = z.object({
  mail: z.string().trim().toLowerCase().min(1, "L'adresse e-mail est obligatoire").max(200),
  password: z.string().min(1, 'Le mot de passe est obligatoire').max(200),
  rememberMe: z.boolean().default(false),
});
export const LoginResult = z.object({ message: z.string(), mfaRequired: z.boolean() });

export const MenuItem = z.object({
  id: z.string(),
  slug: z.string(),
  libelle: z.string(),
  parentId: z.string().nullable(),
  idx: z.number().int(),
  logiciel: LogicielCode.nullable(),
});
export type MenuItem = z.infer<typeof MenuItem>;

const CaslRule = z.object({
  action: z.union([z.enum(ACTIONS), z.array(z.enum(ACTIONS))]),
  subject: z.union([z.enum(SUBJECTS), z.array(z.enum(SUBJECTS))]),
  conditions: z.record(z.string(), z.unknown()).optional(),
  inverted: z.boolean().optional(),
});

/** The user session, with every field of the spec, plus the ability rules the web app builds its ability from. */
export const UserSession = z.object({
  idUser: z.number().int(),
  idCompany: z.number().int(),
  eu: z.boolean(),
  companyName: z.string(),
  codeLogiciel: LogicielCode.nullable(),
  logiciels: z.array(z.object({ id: z.number().int(), code: LogicielCode, libelle: z.string() })),
  role: z.enum(ROLES),
  profil: z.object({ id: z.number().int(), libelle: z.string(), code: z.enum(PROFIL_CODES) }).nullable(),
  profils: z.array(z.object({ id: z.number().int(), libelle: z.string(), code: z.enum(PROFIL_CODES) })),
  menuItems: z.array(MenuItem),
  menuItemsEE: z.array(MenuItem),
  settings: z.record(z.string(), z.unknown()),
  languageCode: z.string(),
  languageCodes: z.array(z.string()),
  timezone: z.string(),
  isSupperAdmin: z.boolean(),
  moNumMax: z.number().int().nullable(),
  authTypes: z.array(z.enum(AUTH_TYPES)),
  signature: z.string().nullable(),
  mail: z.string(),
  lastName: z.string(),
  firstName: z.string(),
  rules: z.array(CaslRule),
  /** Not in the spec: the client company a super admin acts in (support mode), null outside it (issue 12). */
  support: SupportMode.nullish(),
});
export type UserSession = z.infer<typeof UserSession>;

export const ChangeLogiciel = z.object({
  /** A software of the list, switched on for the caller's company (checked by the handler). */
  logicielId: ref('logiciel', 'handler'),
  /** Where the user was in the software being left, remembered for their next visit. */
  lastScreen: z.string().max(200).optional(),
  lastProcessId: ref('process').nullable().optional(),
});
export const ChangeLogicielResult = z.object({
  codeLogiciel: LogicielCode,
  lastScreen: z.string().nullable(),
  lastProcessId: z.number().int().nullable(),
});
export const RememberMeResult = z.object({ rememberMe: z.boolean(), expiresAt: z.string() });
export const SendCodeResult = z.object({ message: z.string(), expiresAt: z.string(), channel: z.enum(['mail', 'sms']) });
export const ValidateCode = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Le code doit contenir 6 chiffres'),
});
export const UpdatePhone = z.object({
  telephone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 .-]{6,20}$/, 'Numéro de téléphone invalide'),
});
export const ValidateUser = z.object({ token: z.string().min(20).max(200), password: Password });

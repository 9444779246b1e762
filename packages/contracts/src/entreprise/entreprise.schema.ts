import { z } from 'zod';
import { AUTH_TYPES, LOGICIEL_CODES, RELATION_TYPES } from '../common/constants.ts';
import { ref, refs, target } from '../common/references.ts';
import { Abilities, withChanges } from '../common/schemas.ts';

export const LogicielCode = z.enum(LOGICIEL_CODES);

/** A software flavour as a company has it: enable = licensed by the super admin, active = switched on by the company. */
export const EntrepriseLogiciel = z.object({
  id: z.number().int(),
  logicielId: z.number().int(),
  code: LogicielCode,
  libelle: z.string(),
  active: z.boolean(),
  enable: z.boolean(),
});

export const EntrepriseSettingValue = z.object({
  languageCodes: z.array(z.string().min(2).max(5)).min(1),
  languageCode: z.string().min(2).max(5),
  timezone: z.string().max(60),
  moNumMax: z.number().int().nullable(),
});

/** An external company's tie to a client company it works for. */
export const EntrepriseRelation = z.object({
  entrepriseId: z.number().int(),
  nom: z.string(),
  type: z.enum(RELATION_TYPES),
});

export const Entreprise = z.object({
  id: z.number().int(),
  nom: z.string(),
  locked: z.boolean(),
  authTypes: z.array(z.enum(AUTH_TYPES)),
  logiciels: z.array(EntrepriseLogiciel),
  idx: z.number().int(),
  eu: z.boolean(),
  setting: EntrepriseSettingValue,
  /** For an external company: the client companies it works for. */
  clients: z.array(EntrepriseRelation),
  /** For a client company: its contractors and suppliers. */
  partenaires: z.array(EntrepriseRelation),
  nbUtilisateurs: z.number().int(),
  abilities: Abilities.optional(),
});
export type Entreprise = z.infer<typeof Entreprise>;

const LogicielInput = z.object({ code: LogicielCode, enable: z.boolean(), active: z.boolean().optional() });
/** Any company: only a super admin sets clients, checked by the handler system-wide. */
const RelationInput = z.object({ entrepriseId: ref('entreprise', 'handler'), type: z.enum(RELATION_TYPES) });

export const EntrepriseCreate = z.object({
  nom: z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(120),
  eu: z.boolean().default(false),
  authTypes: z.array(z.enum(AUTH_TYPES)).min(1).default(['password']),
  logiciels: z.array(LogicielInput).default([]),
  setting: EntrepriseSettingValue.partial().optional(),
  clients: z.array(RelationInput).default([]),
});
export const EntrepriseUpdate = withChanges(
  z.object({
    id: z.coerce.number().int().positive(),
    nom: z.string().trim().min(2, 'Le nom doit contenir au moins 2 caractères').max(120).optional(),
    eu: z.boolean().optional(),
    logiciels: z.array(LogicielInput).optional(),
    setting: EntrepriseSettingValue.partial().optional(),
    clients: z.array(RelationInput).optional(),
  }),
);
export const LockUnlock = z.object({
  locked: z.boolean(),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Le code doit contenir 6 chiffres')
    .optional(),
});
export const UpdateAuthenticator = z.object({
  id: z.coerce.number().int().positive(),
  authTypes: z.array(z.enum(AUTH_TYPES)).min(1, 'Choisissez au moins un mode de connexion'),
});
export const OtpSent = z.object({ message: z.string(), expiresAt: z.string() });

export const ProcessModeleAssignment = z.object({ id: z.number().int(), libelle: z.string(), assigned: z.boolean() });
export const ProcessModelesAssign = z.object({
  /** The company acted on (the caller's, or any for a super admin): the handler scopes to it, 404 otherwise. */
  entrepriseId: target('entreprise'),
  logicielId: ref('logiciel', 'handler'),
  /** Workflows of that company, checked by the handler once scoped to it. */
  processModeleIds: refs('workflow', 'handler'),
});

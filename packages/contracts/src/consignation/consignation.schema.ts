import { z } from 'zod';
import { STATUTS_REGISTRE_CONSIGNATION } from '../common/constants.ts';
import { ref, target } from '../common/references.ts';
import { Abilities, Couleur, DateIso, Paging, paged, TEXT_MAX, withChanges } from '../common/schemas.ts';
import { ENERGIES } from '../equipement/equipement.schema.ts';
import {
  ETATS_CONSIGNATION,
  MODES_CONSIGNATION,
  OPERATIONS_CONSIGNATION,
  ROLES_CONSIGNATION,
  TYPES_ATTESTATION,
} from './consignation-rules.ts';

export * from './consignation-rules.ts';

// Lockouts (ticket 15, Module A: A.1, A.5 1–6; NF C18-510, INRS ED 6109): the company's register codes, the lockout
// record of a process (state, mode, operations, isolation points with padlocks, personal padlocks, attestations,
// avis de fin de travail) and the register. A lockout is a process: every id named processId is the process's.

const Texte = z.string().trim().max(TEXT_MAX.name);
const Commentaire = z.string().trim().max(TEXT_MAX.comment);
const Instant = z.string();
/** A hand-drawn signature (data URL), kept with the record; the hash is the server's. */
const Image = z
  .string()
  .max(120_000, 'Signature trop lourde')
  .regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'Signature attendue en image');

// ---------------------------------------------------------------- register codes

export const CodeRegistreEnum = z.enum(STATUTS_REGISTRE_CONSIGNATION, {
  message: `Code de registre inconnu : choisissez parmi ${STATUTS_REGISTRE_CONSIGNATION.join(', ')}.`,
});
export const EtatConsignationEnum = z.enum(ETATS_CONSIGNATION, { message: 'État de consignation inconnu.' });

/** One code of the company's lockout register: its label, colour, icon, terminal flag and the canonical state it stands for. */
export const RegistreCode = z.object({
  code: CodeRegistreEnum,
  libelle: z.string(),
  couleur: z.string(),
  icone: z.string(),
  terminal: z.boolean(),
  etat: EtatConsignationEnum,
  idx: z.number().int(),
});
export type RegistreCode = z.infer<typeof RegistreCode>;

export const RegistreCodeUpdate = withChanges(
  z.object({
    code: CodeRegistreEnum,
    libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(80, 'Le libellé compte au plus 80 caractères').optional(),
    couleur: Couleur.optional(),
    icone: z
      .string()
      .trim()
      .max(40)
      .regex(/^[a-z0-9-]*$/, "L'icône est un nom en minuscules (lettres, chiffres, tirets)")
      .optional(),
    terminal: z.boolean().optional(),
    etat: EtatConsignationEnum.optional(),
  }),
  ['code'],
);

// ---------------------------------------------------------------- the lockout record

export const ModeConsignationEnum = z.enum(MODES_CONSIGNATION, { message: 'Mode attendu : une_etape ou deux_etapes.' });
export const OperationEnum = z.enum(OPERATIONS_CONSIGNATION, { message: 'Opération de consignation inconnue.' });
export const EnergieEnum = z.enum(ENERGIES, { message: "Type d'énergie inconnu." });
export const TypeAttestationEnum = z.enum(TYPES_ATTESTATION, { message: "Type d'attestation inconnu." });
export const RoleConsignationEnum = z.enum(ROLES_CONSIGNATION, { message: 'Rôle de consignation inconnu.' });

/** Who did something, and when (server time). */
const Acte = z.object({ utilisateurId: z.number().int().nullable(), nom: z.string().nullable(), at: Instant });

/** One signed operation (séparation, condamnation…), on the whole lockout or on one isolation point. */
export const OperationSignee = z.object({
  id: z.number().int(),
  operation: OperationEnum,
  libelle: z.string(),
  pointId: z.number().int().nullable(),
  par: Acte,
  /** SHA-256 of what was signed (lockout, operation, point, signer, time), as the engine's signatures. */
  hash: z.string(),
  commentaire: z.string().nullable(),
});
export type OperationSignee = z.infer<typeof OperationSignee>;

/** An isolation point of the lockout, copied from the equipment's (or added here), with its padlock. */
export const PointConsignation = z.object({
  id: z.number().int(),
  /** The equipment's isolation point it was copied from, null for a point added on this lockout. */
  equipementPointId: z.number().int().nullable(),
  repere: z.string(),
  energie: z.string(),
  dispositif: z.string(),
  positionRequise: z.string(),
  moyenCondamnation: z.string().nullable(),
  methodeVerification: z.string().nullable(),
  numeroCadenas: z.string().nullable(),
  /** Padlock put on (who, when), null before. */
  pose: Acte.nullable(),
  /** Padlock taken off at déconsignation (who, when). */
  retrait: Acte.nullable(),
  /** A point of the mother lockout, seen from a daughter: never removed there. */
  herite: z.boolean(),
  /** How many open lockouts depend on this point (the mother's and its daughters'). */
  dependances: z.number().int(),
});
export type PointConsignation = z.infer<typeof PointConsignation>;

/** A worker's personal padlock on the lockbox (domain §1.7). */
export const CadenasPersonnel = z.object({
  id: z.number().int(),
  utilisateurId: z.number().int(),
  nom: z.string(),
  numero: z.string(),
  pose: Acte,
  retrait: Acte.nullable(),
  /** Removed in the worker's absence: its own signed procedure (motif, witness, by the chargé de consignation). */
  retraitAbsent: z.object({ motif: z.string(), temoinId: z.number().int(), temoin: z.string().nullable(), hash: z.string() }).nullable(),
});
export type CadenasPersonnel = z.infer<typeof CadenasPersonnel>;

/** An attestation (de première étape, de consignation), numbered per company, with date and time. */
export const Attestation = z.object({
  id: z.number().int(),
  numero: z.number().int(),
  type: TypeAttestationEnum,
  libelle: z.string(),
  par: Acte,
  hash: z.string(),
});
export type Attestation = z.infer<typeof Attestation>;

/** An avis de fin de travail (one per team, or per daughter lockout). */
export const AvisFinTravail = z.object({ id: z.number().int(), equipe: z.string(), par: Acte, hash: z.string() });
export type AvisFinTravail = z.infer<typeof AvisFinTravail>;

/** A move the caller may ask for now, or why not (the buttons of the process screen). */
export const TransitionPossible = z.object({
  etat: EtatConsignationEnum,
  libelle: z.string(),
  /** The company's code for that state, when one stands for it. */
  code: z.string().nullable(),
  autorisee: z.boolean(),
  raison: z.string().nullable(),
});

/** A daughter lockout as its mother lists it. */
export const FilleConsignation = z.object({
  processId: z.number().int(),
  numero: z.number().int(),
  nomProcess: z.string(),
  typeConsignation: z.number().int().nullable(),
  etat: EtatConsignationEnum,
  etatLibelle: z.string(),
  ouverte: z.boolean(),
});

/** The lockout of a process, as the process screen shows it. */
export const ConsignationDetail = z.object({
  processId: z.number().int(),
  numero: z.number().int(),
  nomProcess: z.string(),
  typeConsignation: z.number().int().nullable(),
  nameConsignation: z.string().nullable(),
  equipementLibelle: z.string().nullable(),
  etat: EtatConsignationEnum,
  etatLibelle: z.string(),
  /** The company's code for the state (CS, TSN…), its label and colour; null for a state without code. */
  code: RegistreCode.nullable(),
  mode: ModeConsignationEnum,
  parentId: z.number().int().nullable(),
  mere: z.object({ processId: z.number().int(), numero: z.number().int(), nomProcess: z.string(), etat: EtatConsignationEnum }).nullable(),
  filles: z.array(FilleConsignation),
  operationsRequises: z.array(z.object({ operation: OperationEnum, libelle: z.string(), faite: z.boolean() })),
  operations: z.array(OperationSignee),
  points: z.array(PointConsignation),
  cadenas: z.array(CadenasPersonnel),
  attestations: z.array(Attestation),
  avisFinTravail: z.array(AvisFinTravail),
  transitions: z.array(TransitionPossible),
  consigneeAt: Instant.nullable(),
  deconsigneeAt: Instant.nullable(),
  abilities: Abilities,
});
export type ConsignationDetail = z.infer<typeof ConsignationDetail>;

// ---------------------------------------------------------------- inputs

const ProcessTarget = { processId: target('process') };
const Signature = { image: Image.optional() };

export const ConsignationUpdate = z.object({ ...ProcessTarget, mode: ModeConsignationEnum });

export const ConsignationTransition = z.object({
  ...ProcessTarget,
  etat: EtatConsignationEnum,
  motif: Commentaire.optional(),
});

export const OperationSign = z.object({
  ...ProcessTarget,
  operation: OperationEnum,
  /** One isolation point of this lockout, or none for the whole lockout (checked by the handler). */
  pointId: target().optional(),
  commentaire: Commentaire.optional(),
  ...Signature,
});

export const PointCreate = z.object({
  ...ProcessTarget,
  repere: Texte.min(1, 'Le repère est obligatoire'),
  energie: EnergieEnum,
  dispositif: Texte.min(1, 'Le dispositif est obligatoire'),
  positionRequise: Texte.min(1, 'La position requise est obligatoire'),
  moyenCondamnation: Texte.nullable().optional(),
  methodeVerification: Texte.nullable().optional(),
  numeroCadenas: z.string().trim().max(40).nullable().optional(),
});

/** Records the padlock of a point (pose: the padlock number now on it), or its removal at déconsignation. */
export const PointCadenas = z.object({
  id: target(),
  numeroCadenas: z.string().trim().min(1, 'Le numéro du cadenas est obligatoire').max(40).optional(),
  retrait: z.boolean().default(false),
});

export const PointsCopy = z.object(ProcessTarget);

export const AttestationCreate = z.object({ ...ProcessTarget, type: TypeAttestationEnum, ...Signature });

export const AvisFinTravailCreate = z.object({
  ...ProcessTarget,
  equipe: Texte.min(1, "Le nom de l'équipe est obligatoire"),
  ...Signature,
});

export const CadenasCreate = z.object({
  ...ProcessTarget,
  utilisateurId: ref('personne'),
  numero: z.string().trim().min(1, 'Le numéro du cadenas est obligatoire').max(40),
});

export const CadenasRemove = z.object({ id: target(), ...Signature });

/** Removing an absent worker's padlock: a written, witnessed procedure of the chargé de consignation (domain §1.7). */
export const CadenasRemoveAbsent = z.object({
  id: target(),
  motif: z.string().trim().min(10, 'Le motif compte au moins 10 caractères').max(TEXT_MAX.comment),
  temoinId: ref('personne'),
  ...Signature,
});

// ---------------------------------------------------------------- the register

export const RegistreQuery = z.object({
  ...Paging.shape,
  code: CodeRegistreEnum.optional(),
  etat: EtatConsignationEnum.optional(),
  typeConsignation: z.coerce.number().int().min(1).max(9).optional(),
  /** Lockouts on this equipment or below it (checked by the handler: the caller's readable equipment). */
  equipementId: ref('equipement', 'handler').optional(),
  du: DateIso.optional(),
  au: DateIso.optional(),
  /** Only lockouts still open (not déconsignées, clôturées nor annulées). */
  ouvertes: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});

/** One line of the lockout register. */
export const RegistreRow = z.object({
  processId: z.number().int(),
  numero: z.number().int(),
  nomProcess: z.string(),
  typeConsignation: z.number().int().nullable(),
  nameConsignation: z.string().nullable(),
  equipementLibelle: z.string().nullable(),
  etat: EtatConsignationEnum,
  etatLibelle: z.string(),
  code: z.string().nullable(),
  codeLibelle: z.string().nullable(),
  couleur: z.string().nullable(),
  icone: z.string().nullable(),
  terminal: z.boolean(),
  mode: ModeConsignationEnum,
  parentId: z.number().int().nullable(),
  filles: z.array(z.object({ processId: z.number().int(), numero: z.number().int(), etat: EtatConsignationEnum, ouverte: z.boolean() })),
  cadenasPoses: z.number().int(),
  cadenasTotal: z.number().int(),
  points: z.number().int(),
  attestationNumero: z.number().int().nullable(),
  sequenced: z.boolean(),
  dateDebut: Instant.nullable(),
  dateFin: Instant.nullable(),
  consigneeAt: Instant.nullable(),
});
export type RegistreRow = z.infer<typeof RegistreRow>;
/** The register's page; its total is exact up to 10,000 lockouts, a lower bound beyond (totalExact false). */
export const RegistrePage = paged(RegistreRow).extend({ totalExact: z.boolean() });

// ---------------------------------------------------------------- a step's lockout config (workflow editor)

/**
 * What a step of a lockout workflow may carry in its config: the role that signs it (its symbols go to
 * `habilitationsRequises`, see configAvecRole) and the state its validation moves the lockout to (signing
 * « Attestation de consignation » → consignee; the attestation or the avis de fin de travail is then recorded), and
 * the operation its signature stands for.
 */
export const EtapeConsignationConfig = z.object({
  roleConsignation: RoleConsignationEnum.nullable().optional(),
  transitionConsignation: EtatConsignationEnum.nullable().optional(),
  /** The operation the step's signature records (séparation, condamnation…; signer and time from the signature). */
  operationConsignation: OperationEnum.nullable().optional(),
});
export type EtapeConsignationConfig = z.infer<typeof EtapeConsignationConfig>;

import { z } from 'zod';
import { refs, target } from '../common/references.ts';
import { Abilities, TEXT_MAX, withChanges } from '../common/schemas.ts';
import {
  ACTES_PERMIS,
  ACTIONS_PERMIS,
  COMPLEMENTS_PERMIS,
  ETATS_PERMIS,
  ETATS_PERMIS_AFFICHES,
  MODES_VALIDITE,
  ROLES_PERMIS,
  SURVEILLANCE_BORNES,
  TYPES_PERMIS,
  VALIDITE_BORNES,
} from './permis-rules.ts';

// Work permits (Module A, domain.md §2.1–2.2): the permit record of a process of the `permis` package — base permit
// and complementary permits, validity window and its extensions, suspensions, signatures of issue and of the end of
// works, the lockouts it relies on, and for hot work the post-work fire watch. Field names in French as the spec's.

const Motif = z.string().trim().min(1, 'Le motif est obligatoire').max(TEXT_MAX.comment);
const Texte = z.string().trim().max(TEXT_MAX.comment);
/** An instant: ISO 8601 with its offset (the screen sends Europe/Paris wall times converted). */
const Instant = z.iso.datetime({ offset: true, message: 'Date et heure attendues (ISO 8601)' }).max(40);
const Version = z.number().int().min(0).optional();
/** Signature image (data URL), optional: the signature is the authenticated act, dated by the database's clock. */
const Image = z
  .string()
  .max(300_000)
  .regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'Image de signature invalide')
  .optional();

export const PersonnePermis = z.object({ id: z.number().int(), nom: z.string() });

/** One signature of an act (délivrance or fin de travaux) by one role. */
export const SignaturePermis = z.object({
  id: z.number().int(),
  acte: z.enum(ACTES_PERMIS),
  role: z.enum(ROLES_PERMIS),
  utilisateur: PersonnePermis,
  at: z.string(),
  /** SHA-256 of what was signed (the permit's content at that time). */
  hash: z.string(),
});

/** An extension by re-signature: the previous and new end of validity, why, who signed it and when. */
export const ProlongationPermis = z.object({
  id: z.number().int(),
  ancienneFin: z.string(),
  nouvelleFin: z.string(),
  motif: z.string(),
  utilisateur: PersonnePermis,
  at: z.string(),
  hash: z.string(),
});

/** A suspension and its resumption (null while suspended). */
export const SuspensionPermis = z.object({
  id: z.number().int(),
  motif: z.string(),
  suspenduPar: PersonnePermis,
  suspenduAt: z.string(),
  reprisPar: PersonnePermis.nullable(),
  reprisAt: z.string().nullable(),
  observationReprise: z.string().nullable(),
});

/** A lockout the permit relies on (a process of the `mc` package of the same company). */
export const ConsignationPermis = z.object({
  processId: z.number().int(),
  /** Shown number (stored ÷ 100). */
  numero: z.number(),
  nomProcess: z.string(),
  etat: z.string(),
  status: z.string().nullable(),
  /** The lockout's equipment, as its process names it. */
  equipementLibelle: z.string().nullable(),
  /** The lockout's own state (consignation module: demande, consignee…), null without a lockout record. */
  etatConsignation: z.string().nullable(),
});

/** One check of the fire watch: due time, and once signed who, when, what was seen. */
export const ControleSurveillance = z.object({
  numero: z.number().int(),
  dueAt: z.string(),
  signedAt: z.string().nullable(),
  utilisateur: PersonnePermis.nullable(),
  observation: z.string().nullable(),
  hash: z.string().nullable(),
});

/** The post-work fire watch of a hot-work permit, started by the fin de travaux (settings copied then). */
export const SurveillancePermis = z.object({
  debut: z.string(),
  fin: z.string(),
  surveillanceMinutes: z.number().int(),
  controleIntervalleMinutes: z.number().int(),
  controles: z.array(ControleSurveillance),
  prochain: z.number().int().nullable(),
  terminee: z.boolean(),
  /** Why the permit cannot be closed yet (French); empty once the watch is over. */
  raisons: z.array(z.string()),
});

export const AnnulationPermis = z.object({ motif: z.string(), utilisateur: PersonnePermis, at: z.string() });

/** A permit: the module record of a process. */
export const Permis = z.object({
  id: z.number().int(),
  processId: z.number().int(),
  /** The process's number, shown (stored ÷ 100). */
  numero: z.number(),
  nomProcess: z.string(),
  type: z.enum(TYPES_PERMIS),
  complements: z.array(z.enum(COMPLEMENTS_PERMIS)),
  /** Hot work: a permis de feu, or the feu complement (three signatures, validity rule, fire watch). */
  feu: z.boolean(),
  /** For hot work: the day, or one operation (≤ 5 days); null for a base permit without feu. */
  modeValidite: z.enum(MODES_VALIDITE).nullable(),
  dateDebut: z.string(),
  dateFin: z.string(),
  /** The end of validity first issued (dateFin moves with each extension). */
  dateFinInitiale: z.string(),
  /** Stored state. */
  etat: z.enum(ETATS_PERMIS),
  /** State shown: the stored one, or `expire` past the validity without extension. */
  etatEffectif: z.enum(ETATS_PERMIS_AFFICHES),
  /** The actions allowed now (buttons), from the state machine. */
  actions: z.array(z.enum(ACTIONS_PERMIS)),
  travaux: z.string().nullable(),
  mesures: z.string().nullable(),
  consignations: z.array(ConsignationPermis),
  signatures: z.array(SignaturePermis),
  /** Roles still to sign the current act (délivrance while demandé, fin de travaux while en cours or suspendu). */
  signaturesAttendues: z.array(z.enum(ROLES_PERMIS)),
  prolongations: z.array(ProlongationPermis),
  suspensions: z.array(SuspensionPermis),
  delivreAt: z.string().nullable(),
  demarreAt: z.string().nullable(),
  finTravauxAt: z.string().nullable(),
  surveillance: SurveillancePermis.nullable(),
  closAt: z.string().nullable(),
  closPar: PersonnePermis.nullable(),
  annulation: AnnulationPermis.nullable(),
  version: z.number().int(),
  /** The database's clock when this was read (countdowns start from it, not from the device's clock). */
  now: z.string(),
  /** The caller's rights on the process (they are the permit's). */
  abilities: Abilities.optional(),
});
export type Permis = z.infer<typeof Permis>;

/** GET /api/v2/permis/get/{processId}: the permit of a process, or null when none is recorded yet. */
export const PermisOfProcess = z.object({
  processId: z.number().int(),
  permis: Permis.nullable(),
  /** The company's default validity in hours (the form pre-fills a new permit's end with it). */
  validiteHeures: z.number().int(),
});

export const PermisProcessParams = z.object({ processId: target('process') });

const permisFields = {
  type: z.enum(TYPES_PERMIS),
  complements: z.array(z.enum(COMPLEMENTS_PERMIS)).max(COMPLEMENTS_PERMIS.length),
  modeValidite: z.enum(MODES_VALIDITE).nullable(),
  dateDebut: Instant,
  dateFin: Instant,
  travaux: Texte.nullable(),
  mesures: Texte.nullable(),
  /** Lockout processes (package `mc`) of the same company the permit relies on. */
  consignationIds: refs('process').max(50),
};

/**
 * Records the permit of a process (created on first call: type and window required) or changes it while it is
 * only requested; once issued, its window changes by extension only.
 */
export const PermisUpdate = withChanges(
  z.object({ processId: target('process'), version: Version, ...z.object(permisFields).partial().shape }),
  ['processId', 'version'],
);

export const PermisSign = z.object({
  processId: target('process'),
  acte: z.enum(ACTES_PERMIS),
  role: z.enum(ROLES_PERMIS),
  image: Image,
  version: Version,
});

export const PermisExtend = z.object({
  processId: target('process'),
  dateFin: Instant,
  motif: Motif,
  image: Image,
  /** The version read: two people extending at once, the second gets 409 instead of extending twice. */
  version: Version,
});

export const PermisSuspend = z.object({ processId: target('process'), motif: Motif, version: Version });
export const PermisResume = z.object({ processId: target('process'), observation: Texte.nullable().optional(), version: Version });
export const PermisAction = z.object({ processId: target('process'), version: Version });
export const PermisCancel = z.object({ processId: target('process'), motif: Motif, version: Version });

export const FireWatchCheck = z.object({
  processId: target('process'),
  /** The check signed (1…n, in order): a retry of a signed one is refused, not doubled. */
  numero: z.number().int().min(1).max(200),
  observation: Texte.nullable().optional(),
  image: Image,
});

/** The company's permit settings: the post-work fire watch, the default validity of a permit recorded without an end. */
export const PermisSetting = z.object({
  surveillanceMinutes: z.number().int(),
  controleIntervalleMinutes: z.number().int(),
  validiteHeures: z.number().int(),
});
export type PermisSetting = z.infer<typeof PermisSetting>;

const { minMinutes, maxMinutes, minIntervalle, maxIntervalle } = SURVEILLANCE_BORNES;
export const PermisSettingUpdate = z
  .object({
    surveillanceMinutes: z
      .number()
      .int()
      .min(minMinutes, `Au moins ${minMinutes} minutes`)
      .max(maxMinutes, `Au plus ${maxMinutes} minutes`),
    controleIntervalleMinutes: z
      .number()
      .int()
      .min(minIntervalle, `Au moins ${minIntervalle} minutes`)
      .max(maxIntervalle, `Au plus ${maxIntervalle} minutes`),
    /** Default validity (hours); kept as it is when absent. A permis de feu keeps its own rule (the day, one operation). */
    validiteHeures: z
      .number()
      .int()
      .min(VALIDITE_BORNES.minHeures, `Au moins ${VALIDITE_BORNES.minHeures} heure`)
      .max(VALIDITE_BORNES.maxHeures, `Au plus ${VALIDITE_BORNES.maxHeures} heures`)
      .optional(),
  })
  .refine((s) => s.controleIntervalleMinutes <= s.surveillanceMinutes, {
    message: 'L’intervalle entre deux contrôles ne dépasse pas la durée de la surveillance',
    path: ['controleIntervalleMinutes'],
  });

/** The open permits relying on a lockout (the lockout screen, the déconsignation's refusal). */
export const PermisOfConsignation = z.array(
  z.object({ processId: z.number().int(), numero: z.number(), nomProcess: z.string(), etat: z.enum(ETATS_PERMIS) }),
);
export const PermisConsignationParams = z.object({ processId: target('process') });

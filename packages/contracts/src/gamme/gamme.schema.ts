import { z } from 'zod';
import { ref, refs, target } from '../common/references.ts';
import { Abilities, BoundedJsonObject, CONFIG_BOUNDS, Couleur, TEXT_MAX, withChanges } from '../common/schemas.ts';
import { GAMME_POINT_TYPE_CODES, NIVEAUX, thresholdsProblem } from './gamme-rules.ts';

const IsoDateTime = z.iso.datetime({ offset: true, message: 'Date et heure attendues (ISO 8601)' }).max(40);
const Libelle = z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name);
const ShortText = z.string().trim().max(TEXT_MAX.name);
const Comment = z.string().trim().max(TEXT_MAX.comment);
const Seuil = z.number().finite().nullable().optional();
const Version = z.number().int().min(0).optional();

// ---------------------------------------------------------------- gammes

/** A gamme (S 63): a reading route (software mr) or a manoeuvre sheet (mc), of one software flavour. */
export const Gamme = z.object({
  id: z.number().int(),
  entrepriseId: z.number().int(),
  libelle: z.string(),
  /** Free label of the customer / site the gamme serves. */
  client: z.string().nullable(),
  /** Allotted duration in minutes. */
  duree: z.number().int().nullable(),
  logicielId: z.number().int(),
  nbPoints: z.number().int(),
  nbLignes: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  abilities: Abilities.optional(),
});
export type Gamme = z.infer<typeof Gamme>;

export const GammeListQuery = z.object({ logiciel_id: ref('logiciel').optional() });

/** save: creates without `id`, else updates (the version read, when sent, must still be current: 409). */
export const GammeSave = z.object({
  id: target('gamme').optional(),
  libelle: Libelle,
  client: ShortText.nullable().optional(),
  duree: z.number().int().min(0).max(100_000).nullable().optional(),
  logiciel_id: ref('logiciel'),
  version: Version,
});
export type GammeSave = z.input<typeof GammeSave>;

// ---------------------------------------------------------------- points (gamme-modele-metrique)

const pointFields = {
  nom: Libelle,
  dataType: z.enum(GAMME_POINT_TYPE_CODES),
  /** Options of a choice (`options: [{id, libelle}]`), instructions…: free, bounded. */
  propertyValues: BoundedJsonObject(CONFIG_BOUNDS).optional(),
  equipementId: ref('equipement').nullable().optional(),
  unite: z.string().trim().max(20).nullable().optional(),
  min: Seuil,
  max: Seuil,
  lowWarning: Seuil,
  highWarning: Seuil,
  obligatoire: z.boolean().optional(),
  /** Workflows of which a process is created when a reading of this point is out of range. */
  workflowModelsToCreate: refs('workflow').max(10).optional(),
};
type Seuils = { min?: number | null; max?: number | null; lowWarning?: number | null; highWarning?: number | null };
/** The thresholds must be ordered (min ≤ lowWarning ≤ highWarning ≤ max): a French 400 otherwise. */
const orderedThresholds = (v: Seuils, ctx: z.core.$RefinementCtx) => {
  const problem = thresholdsProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['min'] });
};

/** The previous valid reading of a point on its equipment (shown beside the input when the equipment says so). */
export const Precedent = z.object({
  value: z.string().nullable(),
  niveau: z.enum(NIVEAUX),
  capturedAt: z.string(),
});
export type Precedent = z.infer<typeof Precedent>;

/** A point of a gamme model (S 141): where (equipment), what (name, kind, unit), its thresholds, its order (idx). */
export const GammePoint = z.object({
  id: z.number().int(),
  gammeId: z.number().int(),
  nom: z.string(),
  dataType: z.enum(GAMME_POINT_TYPE_CODES),
  idx: z.number().int(),
  propertyValues: z.record(z.string(), z.unknown()),
  equipementId: z.number().int().nullable(),
  equipementName: z.string().nullable(),
  unite: z.string().nullable(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  lowWarning: z.number().nullable(),
  highWarning: z.number().nullable(),
  obligatoire: z.boolean(),
  workflowModelsToCreate: z.array(z.number().int()),
  version: z.number().int(),
  /** The last valid reading of this point when its equipment has `displayPrevious`, else null. */
  precedent: Precedent.nullable(),
});
export type GammePoint = z.infer<typeof GammePoint>;

/** Adds a point to a gamme: at the end (idx rule, S 115), or at `idx` shifting the later ones. */
export const GammePointCreate = z
  .object({ gammeId: target('gamme'), idx: z.number().int().min(1).max(9999).optional(), ...pointFields })
  .superRefine(orderedThresholds);
export type GammePointCreate = z.input<typeof GammePointCreate>;

/** Changes a point (not its place: update-idx); `version` as read, 409 when stale. */
export const GammePointUpdate = withChanges(
  z
    .object({ id: target('gammeMetrique'), version: Version, ...pointFields })
    .partial()
    .required({ id: true }),
  ['id', 'version'],
).superRefine(orderedThresholds);
export type GammePointUpdate = z.input<typeof GammePointUpdate>;

/** Moves a point to `idx`; the points between shift by one. */
export const GammePointMove = z.object({ idx: z.number().int().min(1).max(9999) });

// ---------------------------------------------------------------- readings (relevés)

/** A captured value: a number, a numeric text, OK/NOK, a choice or a text. */
export const CapturedValue = z.union([z.number().finite(), z.boolean(), z.string().max(TEXT_MAX.comment)]).nullable();

const releveFields = {
  equipementId: ref('equipement'),
  /** The point read (a point of a gamme of the company). */
  metriqueId: ref('gammeMetrique'),
  value: CapturedValue,
  capturedAt: IsoDateTime,
  /** The activity instance (maintenance occurrence) this reading belongs to, of the same equipment. */
  activiteInstanceId: target().nullable().optional(),
  processId: ref('process').nullable().optional(),
  /** Required when the value is out of range (warning or alarm). */
  comment: Comment.nullable().optional(),
};

/** One reading; `clientId` (generated by the device) makes a resend harmless; the server makes one when absent. */
export const SetCapturedValue = z.object({ clientId: z.uuid('Identifiant de relevé invalide (UUID attendu)').optional(), ...releveFields });
export type SetCapturedValue = z.input<typeof SetCapturedValue>;

/** A whole round: each reading with its device-generated id; the same round sent twice is recorded once. */
export const SetCapturedValues = z.object({
  values: z
    .array(z.object({ clientId: z.uuid('Identifiant de relevé invalide (UUID attendu)'), ...releveFields }))
    .min(1, 'Aucun relevé à enregistrer.')
    .max(500, 'Une ronde compte au plus 500 relevés.'),
});
export type SetCapturedValues = z.input<typeof SetCapturedValues>;

export const Releve = z.object({
  id: z.number().int(),
  clientId: z.string(),
  equipementId: z.number().int(),
  metriqueId: z.number().int(),
  gammeId: z.number().int(),
  pointNom: z.string(),
  unite: z.string().nullable(),
  value: z.string().nullable(),
  niveau: z.enum(NIVEAUX),
  comment: z.string().nullable(),
  capturedAt: z.string(),
  capturedById: z.number().int().nullable(),
  capturedByNom: z.string().nullable(),
  activiteInstanceId: z.number().int().nullable(),
  processId: z.number().int().nullable(),
  /** Processes created because the reading was out of range (workflowModelsToCreate). */
  processesCreated: z.array(z.number().int()),
  cancelledAt: z.string().nullable(),
  cancelledById: z.number().int().nullable(),
  cancelledByNom: z.string().nullable(),
  cancelReason: z.string().nullable(),
  /** The previous valid reading of the same point on the same equipment (history). */
  precedent: Precedent.nullable(),
});
export type Releve = z.infer<typeof Releve>;

export const SetCapturedValuesResult = z.object({
  items: z.array(Releve),
  /** Readings written by this call. */
  created: z.number().int(),
  /** Readings already recorded by an earlier sending (same clientId), returned as they were. */
  alreadyRecorded: z.number().int(),
});
export type SetCapturedValuesResult = z.infer<typeof SetCapturedValuesResult>;

/** Cancelling a reading of the history: kept, marked cancelled with who and why. */
export const ReleveDeleteQuery = z.object({
  'activite-instance-id': target().optional(),
  motif: z.string().trim().min(1, "Le motif de l'annulation est obligatoire.").max(500),
});

export const ReleveHistoryQuery = z.object({
  equipementId: target('equipement'),
  metriqueId: target('gammeMetrique').optional(),
  includeCancelled: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(20),
});
export const ReleveHistory = z.object({
  items: z.array(Releve),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  totalPage: z.number().int(),
});
export type ReleveHistory = z.infer<typeof ReleveHistory>;

// ---------------------------------------------------------------- manoeuvre states

/** A state of a manoeuvre sheet (Ouvert, Fermé…): the company's (gammeId null) or one gamme's own. */
export const EtatManoeuvre = z.object({
  id: z.number().int(),
  gammeId: z.number().int().nullable(),
  libelle: z.string(),
  couleur: z.string().nullable(),
  idx: z.number().int(),
});
export type EtatManoeuvre = z.infer<typeof EtatManoeuvre>;
export const EtatManoeuvreCreate = z.object({
  gammeId: target('gamme').nullable().optional(),
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(120),
  couleur: Couleur.nullable().optional(),
});
export const EtatManoeuvreUpdate = withChanges(
  z.object({
    id: target('etatManoeuvre'),
    libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(120).optional(),
    couleur: Couleur.nullable().optional(),
  }),
);

// ---------------------------------------------------------------- manoeuvre sheet

/** The header of the manoeuvre sheet of a gamme. */
export const ManoeuvreModele = z.object({
  id: z.number().int(),
  gammeId: z.number().int(),
  gammeLibelle: z.string(),
  /** Type (consignation, exploitation, urgence, essais) and instructions shown above the lines. */
  typeManoeuvre: z.string().nullable(),
  consignes: z.string().nullable(),
  maxNumero: z.number().int(),
  nbLignes: z.number().int(),
  version: z.number().int(),
});
export type ManoeuvreModele = z.infer<typeof ManoeuvreModele>;
export const TYPES_MANOEUVRE = ['consignation', 'deconsignation', 'exploitation', 'urgence', 'essais'] as const;
export const ManoeuvreModeleUpdate = withChanges(
  z.object({
    gammeId: target('gamme'),
    typeManoeuvre: z.enum(TYPES_MANOEUVRE).nullable().optional(),
    consignes: Comment.nullable().optional(),
    version: Version,
  }),
  ['gammeId', 'version'],
);

/** One line of a manoeuvre sheet (domain.md §6.2). */
export const MmManoeuvre = z.object({
  id: z.number().int(),
  gammeId: z.number().int(),
  numero: z.number().int(),
  /** Poste / cellule (location of the apparatus). */
  poste: z.string().nullable(),
  equipementId: z.number().int().nullable(),
  equipementName: z.string().nullable(),
  /** Repère of the apparatus as written on site (« Q12 »), when not (only) the equipment's name. */
  appareil: z.string().nullable(),
  operation: z.string().nullable(),
  etatManoeuvreId: z.number().int().nullable(),
  etatLibelle: z.string().nullable(),
  etatCouleur: z.string().nullable(),
  observations: z.string().nullable(),
  version: z.number().int(),
});
export type MmManoeuvre = z.infer<typeof MmManoeuvre>;

const lineFields = {
  poste: ShortText.nullable().optional(),
  equipementId: ref('equipement').nullable().optional(),
  appareil: ShortText.nullable().optional(),
  operation: ShortText.nullable().optional(),
  etatManoeuvreId: ref('etatManoeuvre').nullable().optional(),
  observations: Comment.nullable().optional(),
};
/** A new line, numbered max + 1 (S 114). */
export const MmManoeuvreCreate = z.object(lineFields);
export const MmManoeuvreCreateParams = z.object({ gammeId: target('gamme') });
/** Changes a line; a new `numero` moves it (the lines between shift by one). */
export const MmManoeuvreUpdate = withChanges(
  z.object({ id: target(), version: Version, numero: z.number().int().min(1).max(100_000).optional(), ...lineFields }),
  ['id', 'version'],
);
export const MmManoeuvrePageQuery = z.object({
  gammeId: target('gamme'),
  page: z.coerce.number().int().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(200).default(20),
});
export const MmManoeuvrePage = z.object({
  items: z.array(MmManoeuvre),
  maxNumero: z.number().int(),
  totalPage: z.number().int(),
  total: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
});
export type MmManoeuvrePage = z.infer<typeof MmManoeuvrePage>;

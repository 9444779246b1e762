import { z } from 'zod';
import { ref, target } from '../common/references.ts';
import { Abilities, Couleur, DateIso, TEXT_MAX, withChanges } from '../common/schemas.ts';

/** Voltage domains of an electrical equipment (domain.md §4.5): decide B vs H habilitation symbols. */
export const DOMAINES_TENSION = ['TBT', 'BT', 'HTA', 'HTB'] as const;
export type DomaineTension = (typeof DOMAINES_TENSION)[number];
/** `status` of an equipment (S 102): its initial state or its in-progress state. */
export const EQUIPEMENT_STATUS = ['initial', 'en_cours'] as const;
export type EquipementStatus = (typeof EQUIPEMENT_STATUS)[number];
/** An item of the registry, or a stock article placed in the tree (module C). */
export const EQUIPEMENT_TYPES = ['equipment', 'article'] as const;
export type EquipementType = (typeof EQUIPEMENT_TYPES)[number];
/** The four free fields of an equipment. */
export const CHAMP_CODES = ['text1', 'text2', 'text3', 'text4'] as const;
export type ChampCode = (typeof CHAMP_CODES)[number];
/** Data types of a free field (S 51); an unknown one reads as text (S 117). */
export const CHAMP_DATA_TYPES = ['text', 'personal', 'date', 'select', 'supplier', 'company service', 'company', 'service'] as const;
export type ChampDataType = (typeof CHAMP_DATA_TYPES)[number];
/** Energies an isolation point separates (domain.md §1.8). */
export const ENERGIES = ['electrique', 'pneumatique', 'hydraulique', 'mecanique', 'thermique', 'chimique', 'gravitaire', 'fluide'] as const;
export type Energie = (typeof ENERGIES)[number];
/** Parts of the detail `GET /api/v2/equipement/get/{id}?include=` may add (general is always there). */
export const EQUIPEMENT_INCLUDES = ['general', 'geoData', 'gamme', 'risques', 'activites', 'pointsIsolement', 'processus'] as const;

/** No control character in a name (the compact tree separates names with one). */
const printable = (v: string) => [...v].every((ch) => (ch.codePointAt(0) ?? 0) >= 32);
const Name = z
  .string()
  .trim()
  .min(1, 'Le nom est obligatoire')
  .max(TEXT_MAX.name)
  .refine(printable, 'Le nom ne peut pas contenir de caractère de contrôle');
const ShortText = z.string().trim().max(TEXT_MAX.name);
const FreeText = z.string().max(TEXT_MAX.comment);
const nullableOpt = <T extends z.ZodType>(s: T) => s.nullable().optional();

/** A point of a location's plan: the location and the position on its image (0..1 of width and height). */
export const Marker = z.object({
  localisationId: z.number().int().nullable(),
  x: z.number().nullable(),
  y: z.number().nullable(),
});
export const GeoData = z.object({ latitude: z.number().nullable(), longitude: z.number().nullable() });

/** An isolation point of an equipment (domain.md §1.8): what a lockout separates, locks and verifies. */
export const PointIsolement = z.object({
  id: z.number().int(),
  equipementId: z.number().int(),
  idx: z.number().int(),
  repere: z.string(),
  energie: z.enum(ENERGIES),
  dispositif: z.string(),
  positionRequise: z.string(),
  moyenCondamnation: z.string().nullable(),
  methodeVerification: z.string().nullable(),
});
export type PointIsolement = z.infer<typeof PointIsolement>;
export const PointIsolementInput = z.object({
  repere: z.string().trim().min(1, 'Le repère est obligatoire').max(TEXT_MAX.code),
  energie: z.enum(ENERGIES, 'Énergie inconnue'),
  dispositif: z.string().trim().min(1, 'Le dispositif est obligatoire').max(TEXT_MAX.name),
  positionRequise: z.string().trim().min(1, 'La position requise est obligatoire').max(TEXT_MAX.code),
  moyenCondamnation: nullableOpt(ShortText),
  methodeVerification: nullableOpt(ShortText),
});
export const PointIsolementUpdate = withChanges(PointIsolementInput.partial().extend({ id: target() }));

/** One equipment, every part (S 51). `childCount`: its readable, non-deleted children. */
export const Equipement = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  idx: z.number().int(),
  type: z.enum(EQUIPEMENT_TYPES),
  name: z.string(),
  number: z.string().nullable(),
  rfid: z.string().nullable(),
  unit: z.string().nullable(),
  comment: z.string().nullable(),
  articleId: z.number().int().nullable(),
  geoData: GeoData,
  marker: Marker,
  status: z.enum(EQUIPEMENT_STATUS),
  etatInitial: z.string().nullable(),
  etatEnCours: z.string().nullable(),
  gammeId: z.number().int().nullable(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  text1: z.string().nullable(),
  text2: z.string().nullable(),
  text3: z.string().nullable(),
  text4: z.string().nullable(),
  domaineTension: z.enum(DOMAINES_TENSION).nullable(),
  hideRisquesParent: z.boolean(),
  displayPrevious: z.boolean(),
  version: z.number().int(),
  childCount: z.number().int(),
  /** Ids from the root down to the equipment itself. */
  path: z.array(z.number().int()),
  /** Names of the ancestors, root first (the breadcrumb), those the caller may read. */
  ancestors: z.array(z.object({ id: z.number().int(), name: z.string() })),
  pointsIsolement: z.array(PointIsolement),
  abilities: Abilities,
});
export type Equipement = z.infer<typeof Equipement>;

/**
 * A row of the tree (full form). A node whose parent is not in the answer is a root of what the caller may read
 * (docs/DECISIONS.md, ticket 13).
 */
export const EquipementNode = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  idx: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  type: z.enum(EQUIPEMENT_TYPES),
  status: z.enum(EQUIPEMENT_STATUS),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  childCount: z.number().int(),
});
export type EquipementNode = z.infer<typeof EquipementNode>;

/**
 * The tree of `GET /api/v2/equipement/get`. Rows come ordered parent first, then by idx, so a client builds each
 * children list in order by appending.
 * - full: every row with its display fields; `matchIds` the rows a search matched (the others are their ancestors,
 *   or the whole tree when the search matched at least half of it, S 221).
 * - compact (above TREE_COMPACT_THRESHOLD rows, no search): three parallel columns (id, parent, name), the detail
 *   of a row is read by `get/{id}`.
 */
export const EquipementTreeFull = z.object({
  form: z.literal('full'),
  total: z.number().int(),
  nodes: z.array(EquipementNode),
  matchIds: z.array(z.number().int()).nullable(),
});
export const EquipementTreeCompact = z.object({
  form: z.literal('compact'),
  total: z.number().int(),
  ids: z.array(z.number().int()),
  parentIds: z.array(z.number().int().nullable()),
  names: z.array(z.string()),
});
export const EquipementTree = z.discriminatedUnion('form', [EquipementTreeFull, EquipementTreeCompact]);
export type EquipementTree = z.infer<typeof EquipementTree>;
export type EquipementTreeCompact = z.infer<typeof EquipementTreeCompact>;
export const EquipementTreeQuery = z.object({
  type: z.enum(EQUIPEMENT_TYPES).optional(),
  search: z.string().trim().max(TEXT_MAX.name).optional(),
  /** Ask for the full form even above the threshold (the client may prefer it for a small subtree). */
  form: z.enum(['auto', 'full', 'compact']).default('auto'),
});

/** Query of the detail: the parts to add (comma-separated list of EQUIPEMENT_INCLUDES). */
export const EquipementDetailQuery = z.object({ include: z.string().max(200).optional() });

/** Properties written by create and update (the `general` part and the others). */
const Properties = z.object({
  name: Name,
  number: nullableOpt(z.string().trim().max(TEXT_MAX.code)),
  type: z.enum(EQUIPEMENT_TYPES).optional(),
  rfid: nullableOpt(z.string().trim().max(TEXT_MAX.code)),
  unit: nullableOpt(z.string().trim().max(TEXT_MAX.code)),
  comment: nullableOpt(FreeText),
  articleId: z.coerce.number().int().positive().nullable().optional(),
  geoData: z.object({ latitude: z.number().min(-90).max(90).nullable(), longitude: z.number().min(-180).max(180).nullable() }).optional(),
  marker: z
    .object({
      localisationId: ref('localisation').nullable(),
      x: z.number().min(0).max(1).nullable(),
      y: z.number().min(0).max(1).nullable(),
    })
    .optional(),
  etatInitial: nullableOpt(ShortText),
  etatEnCours: nullableOpt(ShortText),
  gammeId: ref('gamme').nullable().optional(),
  icon: nullableOpt(z.string().trim().max(TEXT_MAX.code)),
  color: Couleur.nullable().optional(),
  text1: nullableOpt(FreeText),
  text2: nullableOpt(FreeText),
  text3: nullableOpt(FreeText),
  text4: nullableOpt(FreeText),
  domaineTension: z.enum(DOMAINES_TENSION, 'Domaine de tension inconnu (TBT, BT, HTA ou HTB)').nullable().optional(),
});
export const EquipementCreate = Properties.extend({
  /** The parent (null: a root). */
  parentId: ref('equipement', 'handler').nullable().default(null),
  pointsIsolement: z.array(PointIsolementInput).max(100).optional(),
});
export const EquipementUpdate = withChanges(Properties.partial().extend({ id: target('equipement'), version: z.number().int().min(0) }), [
  'id',
  'version',
]);
/** The general part only (name, number, rfid, unit, comment, article, states, gamme, texts, voltage domain). */
export const EquipementGeneral = Properties.omit({ geoData: true, marker: true }).partial();
export const EquipementUpdateGeneral = z.object({
  id: target('equipement'),
  version: z.number().int().min(0).optional(),
  general: EquipementGeneral.refine((g) => Object.values(g).some((v) => v !== undefined), 'Aucune modification demandée.'),
});
export const EquipementStatusUpdate = z.object({ id: target('equipement'), status: z.enum(EQUIPEMENT_STATUS, 'Statut inconnu') });
export const EquipementHideRisquesParent = z.object({ id: target('equipement'), hideRisquesParent: z.boolean() });
export const EquipementDisplayPrevious = z.object({ displayPrevious: z.boolean() });
/** Put `ids` under `parentId` (null: at the root) in this order: re-parenting and ordering in one call. */
export const EquipementArrange = z.object({
  parentId: ref('equipement', 'handler').nullable(),
  ids: z.array(target('equipement')).min(1).max(5000),
});
export const EquipementDuplicate = z.object({
  withChildren: z.boolean().default(false),
  /** Where the copy goes (default: beside the original). */
  parentId: ref('equipement', 'handler').nullable().optional(),
});
export const EquipementDuplicated = z.object({ id: z.number().int(), count: z.number().int(), message: z.string() });
export const EquipementLinkProcess = z
  .object({ processId: ref('process', 'handler').optional(), processIds: z.array(ref('process', 'handler')).max(500).optional() })
  .refine((v) => v.processId !== undefined || (v.processIds?.length ?? 0) > 0, 'Indiquez le ou les processus à lier.');

/** A process linked to an equipment (process.equipement = {id, libelle}). */
export const EquipementProcess = z.object({
  id: z.number().int(),
  libelle: z.string().nullable(),
  workflowLibelle: z.string().nullable(),
  etapeLibelle: z.string().nullable(),
  createdAt: z.string(),
});
export type EquipementProcess = z.infer<typeof EquipementProcess>;

/** An equipment placed on a location's plan (the locations screen). */
export const EquipementOnLocation = z.object({
  id: z.number().int(),
  name: z.string(),
  number: z.string().nullable(),
  icon: z.string().nullable(),
  color: z.string().nullable(),
  status: z.enum(EQUIPEMENT_STATUS),
  marker: Marker,
});
export type EquipementOnLocation = z.infer<typeof EquipementOnLocation>;

/** Configuration of a free field text1..text4 for the company (S 51). */
export const EquipementChamp = z.object({
  code: z.enum(CHAMP_CODES),
  libelle: z.string(),
  dataType: z.enum(CHAMP_DATA_TYPES),
  options: z.array(z.string()),
});
export type EquipementChamp = z.infer<typeof EquipementChamp>;
export const EquipementChampUpdate = z.object({
  code: z.enum(CHAMP_CODES, 'Champ inconnu (text1 à text4)'),
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name),
  dataType: z.enum(CHAMP_DATA_TYPES, 'Type de donnée inconnu'),
  options: z.array(z.string().trim().min(1).max(TEXT_MAX.name)).max(200).default([]),
});

/** An activity of an equipment (maintenance task). */
export const Activite = z.object({
  id: z.number().int(),
  equipementId: z.number().int(),
  libelle: z.string(),
  description: z.string().nullable(),
  periodiciteJours: z.number().int().nullable(),
  idx: z.number().int(),
  instances: z.array(z.lazy(() => ActiviteInstance)),
});
export type Activite = z.infer<typeof Activite>;
export const ActiviteCreate = z.object({
  libelle: z.string().trim().min(1, 'Le libellé est obligatoire').max(TEXT_MAX.name),
  description: nullableOpt(FreeText),
  periodiciteJours: z.number().int().min(1).max(3660).nullable().optional(),
});
export const ActiviteUpdate = withChanges(ActiviteCreate.partial().extend({ id: target('activite') }));

/** An occurrence of an activity (`objectActiviteId`): progression 0–100, completed, validated (S 51, S 102). */
export const ActiviteInstance = z.object({
  id: z.number().int(),
  objectActiviteId: z.number().int(),
  equipementId: z.number().int(),
  datePrevue: z.string().nullable(),
  progression: z.number().int(),
  completed: z.boolean(),
  validated: z.boolean(),
  commentaire: z.string().nullable(),
  completedAt: z.string().nullable(),
  validatedAt: z.string().nullable(),
  version: z.number().int(),
});
export type ActiviteInstance = z.infer<typeof ActiviteInstance>;
export const ActiviteInstanceCreate = z.object({
  objectActiviteId: ref('activite'),
  datePrevue: DateIso.nullable().optional(),
  commentaire: nullableOpt(FreeText),
});
/** A validated instance cannot be edited (409); `validated: true` validates it (it must be completed). */
export const ActiviteInstanceUpdate = withChanges(
  z.object({
    id: target(),
    version: z.number().int().min(0),
    progression: z.number().int().min(0, 'La progression va de 0 à 100').max(100, 'La progression va de 0 à 100').optional(),
    completed: z.boolean().optional(),
    validated: z.boolean().optional(),
    datePrevue: DateIso.nullable().optional(),
    commentaire: nullableOpt(FreeText),
  }),
  ['id', 'version'],
);

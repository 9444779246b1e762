import { z } from 'zod';
import { STATUTS_REGISTRE_CONSIGNATION } from '../common/constants.ts';
import { ref, refs, target } from '../common/references.ts';
import { Abilities, boundJson, type JsonBounds } from '../common/schemas.ts';
import { REGISTER_STATUS_MESSAGE } from './register-status.ts';
import { PROCESS_ETATS } from './transitions.ts';

const PosId = z.coerce.number().int().positive();
const IsoDate = z.iso.datetime({ offset: true, message: 'Date et heure attendues (ISO 8601)' }).max(40);

export const Ref = z.object({ id: z.number().int(), libelle: z.string() });
export const PersonRef = z.object({ id: z.number().int(), nom: z.string(), prenom: z.string() });

export const Signature = z.object({
  id: z.number().int(),
  metriqueId: z.number().int(),
  etapeId: z.number().int(),
  utilisateur: PersonRef,
  signedAt: z.string(),
  image: z.string().nullable(),
  /** SHA-256 of exactly what was signed: the step's field values at that moment. */
  hash: z.string(),
  /** The signed data has changed since (the hash no longer matches). */
  altered: z.boolean(),
});

export const StepDetail = z.object({
  etapeId: z.number().int(),
  isValid: z.boolean(),
  dateRealise: z.string().nullable(),
  etat: z.number().int(),
  saved: z.boolean(),
  etape: z.object({ id: z.number().int(), ordre: z.number().int(), nom: z.string() }),
});

/** The last time a step was sent back to: from which step, why, by whom and when (from the journal). */
export const LastReturn = z.object({
  /** The step sent back to (reopened). */
  etapeId: z.number().int(),
  /** The step it was sent back from. */
  fromEtapeId: z.number().int().nullable(),
  motif: z.string().nullable(),
  at: z.string(),
  by: PersonRef.nullable(),
});
export type LastReturn = z.infer<typeof LastReturn>;

/** The last signing (validation) of a step: who and when. */
export const StepValidation = z.object({ etapeId: z.number().int(), at: z.string(), by: PersonRef.nullable() });

export const ChangedMetrique = z.object({
  metriqueId: z.number().int(),
  time: z.string(),
  value: z.unknown(),
  by: z.number().int().nullable(),
});

export const Process = z.object({
  id: z.number().int(),
  processId: z.number().int(),
  /** The process's company: a contractor's screen shows a client's process without the client's own actions. */
  entrepriseId: z.number().int().optional(),
  parentId: z.number().int().nullable(),
  nomProcess: z.string(),
  nom_process: z.string(),
  /** Stored times 100: divide by 100 to show it. */
  numero: z.number().int(),
  niveau: z.number().int(),
  key: z.string(),
  parentKey: z.string().nullable(),
  processModele: z.object({ id: z.number().int(), libelle: z.string(), package: z.string().nullable() }),
  dateDebut: z.string().nullable(),
  dateFin: z.string().nullable(),
  dateInterventionDebut: z.string().nullable(),
  dateInterventionFin: z.string().nullable(),
  equipement: Ref.nullable(),
  typeConsignation: z.number().int().nullable(),
  latestStatus: z.string().nullable(),
  latestStatusCode: z.string().nullable(),
  latestStatusId: z.number().int().nullable(),
  prestataireIds: z.array(z.number().int()),
  personneEnCharge: PersonRef.nullable(),
  processDetails: z.array(StepDetail),
  etatEtapes: z.array(z.object({ etapeId: z.number().int(), etape_ordre: z.number().int(), etat: z.number().int() })),
  currentEtapeOrdre: z.number().int().nullable(),
  lockedProcess: z.boolean(),
  lockProcesses: z.array(z.object({ id: z.number().int(), processId: z.number().int(), lockedByProcessId: z.number().int() })),
  etat: z.enum(PROCESS_ETATS),
  status: z.string().nullable(),
  rawData: z.record(z.string(), z.unknown()),
  signatures: z.record(z.string(), z.array(Signature)),
  references: z.record(z.string(), z.unknown()),
  reference: z.string().nullable(),
  changedMetriques: z.array(ChangedMetrique),
  usersPointedGamme: z.array(z.number().int()),
  lastModifyAt: z.string(),
  lastModifyBy: PersonRef.nullable(),
  createdBy: PersonRef.nullable(),
  color: z.string().nullable(),
  version: z.number().int(),
  steps: z.array(z.object({ id: z.number().int(), nom: z.string(), ordre: z.number().int(), config: z.record(z.string(), z.unknown()) })),
  /** Not in the spec: the last return (« renvoi ») to each step sent back, with its reason, who and when. */
  lastReturns: z.array(LastReturn).optional(),
  /** Not in the spec: the last signing of each step (who validated it, when), from the journal. */
  validations: z.array(StepValidation).optional(),
  abilities: Abilities.optional(),
});
export type Process = z.infer<typeof Process>;

/** A process's field values (keyed by field id): free-form JSON, bounded (texts, options, file references…). */
const RAW_DATA_BOUNDS: JsonBounds = { maxBytes: 256 * 1024, maxDepth: 8 };
const Values = boundJson(z.record(z.string().regex(/^\d+$/, 'Identifiant de champ attendu').max(12), z.unknown()), RAW_DATA_BOUNDS);
const Common = {
  nomProcess: z.string().trim().min(1, 'Le nom est obligatoire').max(200).optional(),
  dateDebut: IsoDate.nullable().optional(),
  dateFin: IsoDate.nullable().optional(),
  dateInterventionDebut: IsoDate.nullable().optional(),
  dateInterventionFin: IsoDate.nullable().optional(),
  equipement: z
    .object({ id: PosId, libelle: z.string().max(200) })
    .nullable()
    .optional(),
  typeConsignation: z.coerce.number().int().min(1).max(9).nullable().optional(),
  /** Contractor companies working on it: partners of type prestataire of the caller's company. */
  prestataireIds: refs('prestataire').max(100).optional(),
  /** A person of the caller's company or of one of its partners. */
  personneEnCharge: ref('personne').nullable().optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/)
    .nullable()
    .optional(),
  reference: z.string().max(200).nullable().optional(),
};
// The workflow and the parent are loaded by the handler (404 when not the caller's company's).
export const ProcessCreate = z.object({
  processModeleId: ref('workflow', 'handler'),
  parentId: ref('process', 'handler').nullable().optional(),
  rawData: Values.optional(),
  ...Common,
});
export const ProcessUpdate = z.object({
  id: PosId,
  /** The version the client loaded: a stale one answers 409 instead of overwriting someone's changes. */
  version: z.coerce.number().int().min(0).optional(),
  rawData: Values.optional(),
  ...Common,
});
const SignatureInput = z.object({
  /** A signature field of the process's step (checked by the handler). */
  metriqueId: ref('metrique', 'handler'),
  image: z
    .string()
    .max(300_000)
    .regex(/^data:image\/(png|jpeg|svg\+xml);base64,[A-Za-z0-9+/=]+$/, 'Signature attendue en image'),
});
export const ProcessSign = z.object({
  id: PosId,
  /** The step being signed: a retry after it was validated answers the process unchanged (idempotent). */
  etapeId: target('etape').optional(),
  version: z.coerce.number().int().min(0).optional(),
  rawData: Values.optional(),
  signatures: z.array(SignatureInput).max(20).optional(),
});
export const ProcessReturn = z.object({ id: PosId, keepStep: z.boolean().default(false), motif: z.string().trim().max(1000).optional() });
export const ProcessForward = z.object({ id: PosId });
export const ProcessStatus = z.object({ id: PosId, status: z.string().trim().min(1).max(40), etat: z.enum(PROCESS_ETATS).optional() });
export const ProcessInactive = z.object({
  id: PosId,
  /** A lockout register code (REGISTER_STATUSES), or none. */
  status: z.enum(STATUTS_REGISTRE_CONSIGNATION, { message: REGISTER_STATUS_MESSAGE }).nullable().optional(),
  etapeIds: refs('etape', 'handler').max(200).default([]),
});
export const SignatureRegister = z.object({ processId: target('process'), ...SignatureInput.shape });
export const SignatureDelete = z.object({ processId: target('process'), metriqueId: ref('metrique', 'handler') });

export const JournalEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  utilisateur: PersonRef.nullable(),
  action: z.string(),
  etapeOrdre: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});

/** A document that can be generated for a process (generate_document's `type`), as the « Documents » menu offers it. */
export const ProcessDocumentType = z.object({
  type: z.string(),
  libelle: z.string(),
  /** The name the PDF downloads under (« attestation-consignation-12.pdf »). */
  fileName: z.string(),
});
export type ProcessDocumentType = z.infer<typeof ProcessDocumentType>;

export const ProcessFile = z.object({
  id: z.number().int(),
  metriqueId: z.number().int(),
  nom: z.string(),
  mime: z.string(),
  taille: z.number().int(),
  uploadedAt: z.string(),
  uploadedBy: PersonRef.nullable(),
});

export const TreeNode: z.ZodType<TreeNodeShape> = z
  .object({
    id: z.number().int(),
    nomProcess: z.string(),
    numero: z.number().int(),
    etat: z.enum(PROCESS_ETATS),
    children: z.array(z.lazy((): z.ZodType<TreeNodeShape> => TreeNode)),
  })
  .meta({ id: 'ProcessTreeNode' });
export interface TreeNodeShape {
  id: number;
  nomProcess: string;
  numero: number;
  etat: (typeof PROCESS_ETATS)[number];
  children: TreeNodeShape[];
}

import { z } from 'zod';
import { ref, target } from '../common/references.ts';
import { ACTIVITES, DECISIONS, PORTEES } from './coactivite-rules.ts';

export * from './coactivite-rules.ts';

// Coactivité (ticket 15, Module A item 9): the company's incompatibility matrix, the activities of its workflows, and
// the conflicts of a lockout or permit with the others open on the same equipment or zone at the same time.

const ActiviteEnum = z.enum(ACTIVITES, { message: 'Activité inconnue' });
const DecisionCode = z.enum(DECISIONS, { message: 'Décision inconnue (refus, cosignature ou sequencement)' });
const PorteeCode = z.enum(PORTEES, { message: 'Portée inconnue (equipement ou zone)' });
const Motif = z.string().trim().max(500, 'Le motif compte au plus 500 caractères');

/** A cell of the matrix: an unordered pair of activities, its decision, where it applies and why. */
export const IncompatibiliteVue = z.object({
  a: ActiviteEnum,
  b: ActiviteEnum,
  decision: DecisionCode,
  portee: PorteeCode,
  motif: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type IncompatibiliteVue = z.infer<typeof IncompatibiliteVue>;

/** The activities a workflow's processes carry (the company's own source, besides the lockout type). */
export const WorkflowActivites = z.object({
  processModeleId: z.number().int(),
  libelle: z.string(),
  package: z.string().nullable(),
  activites: z.array(ActiviteEnum),
});
export type WorkflowActivites = z.infer<typeof WorkflowActivites>;

/** The settings screen: the vocabulary, the matrix's cells and the lockout and permit workflows' activities. */
export const Matrice = z.object({
  activites: z.array(z.object({ code: ActiviteEnum, libelle: z.string() })),
  regles: z.array(IncompatibiliteVue),
  workflows: z.array(WorkflowActivites),
});
export type Matrice = z.infer<typeof Matrice>;

/** Sets one cell (decision null: the pair is compatible, the cell is emptied). */
export const IncompatibiliteUpdate = z.object({
  a: ActiviteEnum,
  b: ActiviteEnum,
  decision: DecisionCode.nullable(),
  portee: PorteeCode.optional(),
  motif: Motif.optional(),
});

/** Sets the activities of a lockout or permit workflow. */
export const WorkflowActivitesUpdate = z.object({
  processModeleId: ref('workflow'),
  activites: z.array(ActiviteEnum).max(ACTIVITES.length),
});

/** A co-signature of a conflict: who, when and the hash of what was co-signed. */
export const Cosignature = z.object({
  utilisateurId: z.number().int(),
  nom: z.string(),
  at: z.string(),
  hash: z.string(),
  commentaire: z.string().nullable(),
});

/** A conflict as the process screen shows it. */
export const ConflitVue = z.object({
  autreId: z.number().int(),
  autreNumero: z.number(),
  autreNom: z.string(),
  autreEtat: z.string(),
  decision: DecisionCode,
  paires: z.array(z.object({ activite: ActiviteEnum, autreActivite: ActiviteEnum, decision: DecisionCode, motif: z.string() })),
  lieu: z.enum(['equipement', 'zone']),
  debut: z.string().nullable(),
  fin: z.string().nullable(),
  pourquoi: z.string(),
  /** True when this process is the later one: the one the decision refuses, makes co-sign or makes wait. */
  bloque: z.boolean(),
  /** ouvert: to resolve; cosigne; sequence (the later one waits); leve: no longer found (the other closed, moved…). */
  etat: z.enum(['ouvert', 'cosigne', 'sequence', 'leve']),
  cosignature: Cosignature.nullable(),
});
export type ConflitVue = z.infer<typeof ConflitVue>;

/** The coactivité of one process. */
export const CoactiviteProcessVue = z.object({
  processId: z.number().int(),
  /** Whether the process is a lockout or permit (the others have no coactivité). */
  concerne: z.boolean(),
  activites: z.array(ActiviteEnum),
  conflits: z.array(ConflitVue),
  /** Whether the caller may co-sign (update on the process). */
  peutCosigner: z.boolean(),
});
export type CoactiviteProcessVue = z.infer<typeof CoactiviteProcessVue>;

/** Co-signs the conflict of a (later) process with another. */
export const CosignBody = z.object({
  processId: target('process'),
  autreProcessId: ref('process'),
  commentaire: z.string().trim().max(1000, 'Le commentaire compte au plus 1000 caractères').optional(),
});

import { z } from 'zod';
import { ref, refs, target, targets } from '../common/references.ts';
import { Abilities, BoundedJson, boundJson, CONFIG_BOUNDS, type JsonBounds, VALUE_BOUNDS, withChanges } from '../common/schemas.ts';
import { HEADER_FIELDS } from '../process/header-fields.ts';
import { CONDITION_EFFECTS, CONDITION_OPERATORS } from './conditions.ts';
import { TimeRules } from './time-rules.ts';

const PosId = z.coerce.number().int().positive();

/** The field tested must be of the same workflow (checked by the handler). */
export const ConditionTest = z.object({
  metriqueId: ref('metrique', 'handler'),
  operator: z.enum(CONDITION_OPERATORS),
  value: BoundedJson(VALUE_BOUNDS).optional(),
});
export const FieldCondition = z.object({ effect: z.enum(CONDITION_EFFECTS), tests: z.array(ConditionTest).min(1).max(20) });

/** A select/radio option: id, labels per language, optional exclusion. */
export const MetriqueOption = z.object({
  id: z.union([z.string().min(1).max(60), z.number().int()]),
  libelle: z.string().max(200),
  libelles: z.record(z.string().min(2).max(5), z.string().max(200)).optional(),
});
/** propertyValues of a field: options and per-kind settings (free-form beyond the known keys). */
export const PropertyValues = z
  .object({
    options: z.array(MetriqueOption).max(500).optional(),
    multiple: z.boolean().optional(),
    excludedIds: z.array(z.union([z.string(), z.number()])).optional(),
    placeholder: z.string().max(200).optional(),
    min: z.number().optional(),
    max: z.number().optional(),
    unit: z.string().max(20).optional(),
    accept: z.array(z.string().max(100)).max(20).optional(),
    maxFiles: z.number().int().min(1).max(50).optional(),
    /** For an action button: the workflow the new process runs. */
    processModeleId: ref('workflow').optional(),
    /** The process header value this field feeds (its kind must fit: canFeedHeader; one source per workflow). */
    processField: z.enum(HEADER_FIELDS).nullable().optional(),
  })
  .catchall(z.unknown());

/** A field shows or reuses another step's field. */
export const MetriqueReference = z.object({ metriqueId: ref('metrique', 'handler'), mode: z.enum(['show', 'reuse']).default('show') });

export const Metrique: z.ZodType<MetriqueShape> = z
  .object({
    id: z.number().int(),
    nom: z.string(),
    dataType: z.string(),
    etape_id: z.number().int(),
    etape_ordre: z.number().int(),
    processModeleId: z.number().int(),
    parentId: z.number().int().nullable(),
    idx: z.number().int(),
    idxLargeFormat: z.number().int().nullable(),
    hidden: z.boolean(),
    required: z.boolean(),
    propertyValues: PropertyValues,
    conditions: z.array(FieldCondition),
    references: MetriqueReference.nullable(),
    children: z.array(z.lazy((): z.ZodType<MetriqueShape> => Metrique)).optional(),
  })
  .meta({ id: 'Metrique' });
export type Metrique = MetriqueShape;
/** A field and, for a group, its children. */
export interface MetriqueShape {
  id: number;
  nom: string;
  dataType: string;
  etape_id: number;
  etape_ordre: number;
  processModeleId: number;
  parentId: number | null;
  idx: number;
  idxLargeFormat: number | null;
  hidden: boolean;
  required: boolean;
  propertyValues: z.infer<typeof PropertyValues>;
  conditions: z.infer<typeof FieldCondition>[];
  references: z.infer<typeof MetriqueReference> | null;
  children?: MetriqueShape[];
}

export const STEP_RULE_TYPES = ['validateur', 'utilisateur', 'profil', 'service', 'prestataire', 'condition'] as const;
export const EtapeAutorisation = z.object({
  id: z.number().int(),
  etapeId: z.number().int(),
  type: z.enum(STEP_RULE_TYPES),
  utilisateurId: z.number().int().nullable(),
  profilId: z.number().int().nullable(),
  serviceId: z.number().int().nullable(),
  test: ConditionTest.nullable(),
});

export const EtapeConfig = z
  .object({
    isGammeDeReleves: z.boolean().default(false),
    /** A process may skip ahead past this step (forward_step). */
    canForward: z.boolean().default(false),
    /** This step may send the process back to the previous one (return_step). */
    canReturn: z.boolean().default(true),
    description: z.string().max(2000).optional(),
    /** When the step may be signed: after the process's start, before its end, some minutes after the previous signature. */
    timeRules: TimeRules.optional(),
    /**
     * Habilitation symbols whose holder may sign this step (codes of the company's catalogue, any one suffices, a
     * covering symbol too): signing is refused unless the gate passes (title, recyclage, medical attestation).
     */
    habilitationsRequises: z
      .array(z.string().trim().min(1).max(40))
      .max(20)
      .refine((a) => new Set(a).size === a.length, 'Symbole en double')
      .optional(),
  })
  .catchall(z.unknown());

export const Etape = z.object({
  id: z.number().int(),
  nom: z.string(),
  ordre: z.number().int(),
  processModeleId: z.number().int(),
  config: EtapeConfig,
  metriques: z.array(Metrique),
  autorisations: z.array(EtapeAutorisation),
});
export type Etape = z.infer<typeof Etape>;

export const WorkflowConfig = z.object({ workflowModelsToCreate: refs('workflow').default([]) }).catchall(z.unknown());
/** A workflow's configuration as an input: bounded (its free keys are free-form JSON). */
const WorkflowConfigInput = boundJson(WorkflowConfig, CONFIG_BOUNDS);

export const ProcessModele = z.object({
  id: z.number().int(),
  libelle: z.string(),
  nom: z.string(),
  processModeleLibelle: z.string(),
  package: z.string().nullable(),
  config: WorkflowConfig,
  locked: z.boolean(),
  version: z.number().int(),
  etapes: z.array(Etape),
  metriques: z.array(Metrique),
  /** Kinds of field the editor's palette offers. */
  availableMetriques: z.array(z.object({ code: z.string(), libelle: z.string() })),
  abilities: Abilities.optional(),
});
export type ProcessModele = z.infer<typeof ProcessModele>;

export const WorkflowSummary = z.object({
  id: z.number().int(),
  libelle: z.string(),
  package: z.string().nullable(),
  locked: z.boolean(),
  nbEtapes: z.number().int(),
  abilities: Abilities.optional(),
});

const Libelle = z.string().trim().min(2, 'Le libellé doit contenir au moins 2 caractères').max(150);
export const WorkflowCreate = z.object({
  libelle: Libelle,
  package: z.string().trim().max(60).nullable().optional(),
  config: WorkflowConfigInput.optional(),
});
export const WorkflowUpdate = withChanges(
  z.object({
    id: PosId,
    libelle: Libelle.optional(),
    package: z.string().trim().max(60).nullable().optional(),
    config: WorkflowConfigInput.optional(),
    /** The version the editor started from: a stale one answers 409. */
    version: z.coerce.number().int().min(0).optional(),
  }),
  ['id', 'version'],
);
export const WorkflowDuplicate = z.object({ id: PosId, libelle: Libelle.optional() });
export const WorkflowLock = z.object({ id: PosId, locked: z.boolean() });

const Nom = z.string().trim().min(1, 'Le nom est obligatoire').max(150);
/** Settings of a step as an input (any subset): bounded (its free keys are free-form JSON). */
const EtapeConfigPatch = boundJson(EtapeConfig.partial(), CONFIG_BOUNDS);
export const EtapeCreate = z.object({
  processModeleId: target('workflow'),
  nom: Nom,
  ordre: z.coerce.number().int().min(1).optional(),
  config: EtapeConfigPatch.optional(),
});
export const EtapeUpdate = withChanges(z.object({ id: PosId, nom: Nom.optional(), config: EtapeConfigPatch.optional() }));
export const EtapeArrange = z.object({ processModeleId: target('workflow'), ids: targets('etape').min(1).max(200) });
export const EtapeSwitch = z.object({ id: PosId, targetId: target('etape') });

/** A field's properties as an input: bounded (options in several languages, free keys of free-form JSON). */
const PROPERTY_VALUES_BOUNDS: JsonBounds = { maxBytes: 128 * 1024, maxDepth: 8 };
const PropertyValuesInput = boundJson(PropertyValues, PROPERTY_VALUES_BOUNDS);
const MetriqueFields = {
  nom: Nom,
  dataType: z.string().trim().min(1).max(40),
  /** A group of the same step (checked by the handler). */
  parentId: ref('metrique', 'handler').nullable().optional(),
  hidden: z.boolean().optional(),
  required: z.boolean().optional(),
  propertyValues: PropertyValuesInput.optional(),
  conditions: z.array(FieldCondition).max(20).optional(),
  references: MetriqueReference.nullable().optional(),
  idxLargeFormat: z.coerce.number().int().nullable().optional(),
};
/** Adds a field at the end of a step (idx rule). */
export const MetriqueAssign = z.object({ etapeId: target('etape'), ...MetriqueFields });
/** Adds a field at an idx, shifting the later ones. */
export const MetriqueInsert = z.object({ etapeId: target('etape'), idx: z.coerce.number().int().min(1).max(9999), ...MetriqueFields });
export const MetriqueArrange = z.object({ etapeId: target('etape'), ids: targets('metrique').min(1).max(1000) });
/** Moves a field to another step (at its end, or at an idx). */
export const MetriqueSwitch = z.object({
  id: PosId,
  etapeId: ref('etape', 'handler'),
  idx: z.coerce.number().int().min(1).max(9999).optional(),
});
export const MetriqueRename = z.object({ id: PosId, nom: Nom });
export const MetriqueUpdate = withChanges(
  z.object({
    id: PosId,
    nom: Nom.optional(),
    hidden: z.boolean().optional(),
    required: z.boolean().optional(),
    propertyValues: PropertyValuesInput.optional(),
    conditions: z.array(FieldCondition).max(20).optional(),
    references: MetriqueReference.nullable().optional(),
    idxLargeFormat: z.coerce.number().int().nullable().optional(),
    parentId: ref('metrique', 'handler').nullable().optional(),
  }),
);
/** The workflow must be one the model may create (config.workflowModelsToCreate, checked by the handler). */
export const ActionMetriqueCreate = z.object({ etapeId: target('etape'), nom: Nom, processModeleId: ref('workflow', 'handler') });
export const ActionMetriqueUpdate = withChanges(
  z.object({ id: PosId, nom: Nom.optional(), processModeleId: ref('workflow', 'handler').optional() }),
);

export const EtapeAutorisationCreate = z
  .object({
    etapeId: target('etape'),
    type: z.enum(STEP_RULE_TYPES),
    /** A person of the company, or of one of its partners: a contractor's worker may be a step's named signer. */
    utilisateurId: ref('personne').nullable().optional(),
    profilId: ref('profil').nullable().optional(),
    serviceId: ref('service').nullable().optional(),
    test: ConditionTest.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    // A prestataire rule names nobody: the step is for the people of the process's contractor companies.
    const need = {
      validateur: 'utilisateurId',
      utilisateur: 'utilisateurId',
      profil: 'profilId',
      service: 'serviceId',
      prestataire: null,
      condition: 'test',
    } as const;
    const key = need[v.type];
    if (key && !v[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'Champ obligatoire pour ce type de règle' });
  });

export const InformationControls = z.object({
  etapeId: z.number().int(),
  autorisations: z.array(EtapeAutorisation),
  /** With a process: whether the caller may act on this step now, and why not. */
  canAct: z.boolean().nullable(),
  raison: z.string().nullable(),
});

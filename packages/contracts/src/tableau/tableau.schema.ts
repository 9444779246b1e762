import { z } from 'zod';
import { ref, refs, target } from '../common/references.ts';
import { Abilities, BoundedJson, BoundedJsonObject, CONFIG_BOUNDS, VALUE_BOUNDS, withChanges } from '../common/schemas.ts';
import { PROCESS_ETATS } from '../process/transitions.ts';

const PosId = z.coerce.number().int().positive();

/** A board: the processes of some workflows, with saved filters (tabs) and displays (column sets). */
export const Tableau = z.object({
  id: z.number().int(),
  nom: z.string(),
  icon: z.string().nullable(),
  logicielId: z.number().int().nullable(),
  config: z.record(z.string(), z.unknown()),
  workflows: z.array(z.number().int()),
  metriques: z.array(z.number().int()),
  gamme_modele_id: z.number().int().nullable(),
  isEE: z.boolean(),
  idx: z.number().int(),
  abilities: Abilities.optional(),
});
export type Tableau = z.infer<typeof Tableau>;
const TableauFields = {
  nom: z.string().trim().min(1, 'Le nom est obligatoire').max(120),
  icon: z.string().max(60).nullable().optional(),
  logicielId: ref('logiciel').nullable().optional(),
  config: BoundedJsonObject(CONFIG_BOUNDS).optional(),
  // The board's workflows and their fields (checked together by the handler).
  workflows: refs('workflow', 'handler').max(100).optional(),
  metriques: refs('metrique', 'handler').max(200).optional(),
  gamme_modele_id: PosId.nullable().optional(),
  isEE: z.boolean().optional(),
};
export const TableauCreate = z.object(TableauFields);
export const TableauUpdate = withChanges(z.object({ id: PosId, ...TableauFields, nom: TableauFields.nom.optional() }));

/** Criteria on a process: built-in fields, or a workflow field (metrique:<id>). */
export const CRITERE_CHAMPS = ['etat', 'processModeleId', 'dateDebut', 'dateFin', 'createdBy', 'nomProcess', 'numero'] as const;
export const CRITERE_OPERATEURS = ['equals', 'not_equals', 'in', 'contains', 'empty', 'not_empty', 'gt', 'lt', 'between'] as const;
export const Critere = z.object({
  champ: z.union([
    z.enum(CRITERE_CHAMPS),
    z
      .string()
      .max(40)
      .regex(/^metrique:\d+$/, 'Champ de filtre inconnu'),
  ]),
  operateur: z.enum(CRITERE_OPERATEURS),
  valeur: BoundedJson(VALUE_BOUNDS).optional(),
});
export type Critere = z.infer<typeof Critere>;

export const Filtre = z.object({
  id: z.number().int(),
  tableauId: z.number().int(),
  nom: z.string(),
  criteres: z.array(Critere),
  idx: z.number().int(),
});
export const FiltreCreate = z.object({
  tableauId: target('tableau'),
  nom: z.string().trim().min(1, 'Le nom est obligatoire').max(120),
  criteres: z.array(Critere).max(30).default([]),
});
export const FiltreUpdate = withChanges(
  z.object({ id: PosId, nom: z.string().trim().min(1).max(120).optional(), criteres: z.array(Critere).max(30).optional() }),
);

/** The board columns the processes can be sorted by (get_for_tableau's `sort`), besides its fields (metrique:<id>). */
export const TABLEAU_SORT_KEYS = ['numero', 'nomProcess', 'workflow', 'status', 'dateDebut', 'dateFin', 'preparateur'] as const;
export const TABLEAU_SORT_PATTERN = new RegExp(`^(${TABLEAU_SORT_KEYS.join('|')}|metrique:\\d+)$`);

export const Colonne = z.object({
  key: z.string().min(1).max(60),
  visible: z.boolean().default(true),
  width: z.number().int().min(40).max(1200).optional(),
});
export const Affichage = z.object({
  id: z.number().int(),
  tableauId: z.number().int().nullable(),
  nom: z.string(),
  colonnes: z.array(Colonne),
  tri: z.object({ key: z.string(), order: z.enum(['asc', 'desc']) }).nullable(),
  personnel: z.boolean(),
  idx: z.number().int(),
});
export const AffichageCreate = z.object({
  tableauId: target('tableau').nullable().optional(),
  nom: z.string().trim().min(1, 'Le nom est obligatoire').max(120),
  colonnes: z.array(Colonne).max(100).default([]),
  tri: z
    .object({ key: z.string().max(60), order: z.enum(['asc', 'desc']) })
    .nullable()
    .optional(),
  /** Only for its author (true), or shared with the board's users (false). */
  personnel: z.boolean().default(false),
});
export const AffichageUpdate = withChanges(
  z.object({
    id: PosId,
    nom: z.string().trim().min(1).max(120).optional(),
    colonnes: z.array(Colonne).max(100).optional(),
    tri: AffichageCreate.shape.tri,
    /** Share a personal display (true → false) or take a shared one back as one's own: both need the board's update right. */
    personnel: z.boolean().optional(),
  }),
);

export const EtatProcessCount = z.object({ etat: z.enum(PROCESS_ETATS), libelle: z.string(), count: z.number().int() });

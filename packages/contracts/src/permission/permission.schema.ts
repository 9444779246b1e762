import { z } from 'zod';
import { ref, target } from '../common/references.ts';
import { Abilities, BoundedJsonObject, type JsonBounds, withChanges } from '../common/schemas.ts';
import { LogicielCode } from '../entreprise/entreprise.schema.ts';

/** What a permission entry refers to (spec section 3). */
export const PERMISSION_TYPES = [
  'menuItem',
  'tableau',
  'workflow',
  'filter',
  'categoryDocument',
  'dataModel',
  'gammeModel',
  'pdfModel',
  'tableauEdition',
  'localisation',
  'equipment',
] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

/** CRUD flags of an entry: true grants, false denies, null (or absent) inherits. */
export const CrudFlags = z.object({
  manage: z.boolean().nullable().optional(),
  create: z.boolean().nullable().optional(),
  read: z.boolean().nullable().optional(),
  update: z.boolean().nullable().optional(),
  delete: z.boolean().nullable().optional(),
});
export type CrudFlags = z.infer<typeof CrudFlags>;
export const CRUD_ACTIONS = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type CrudAction = (typeof CRUD_ACTIONS)[number];
export type Resolved = Record<CrudAction, boolean>;

/** The function items permissions are stored per (type_permission_model). */
export const FUNCTION_ITEMS = [
  { code: 'edition_workflow', libelle: 'Édition des workflows', type: 'workflow' },
  { code: 'edition_tableau', libelle: 'Édition des tableaux', type: 'tableauEdition' },
  { code: 'tableau', libelle: 'Tableaux', type: 'tableau' },
  { code: 'tableau_manage_process', libelle: 'Tableaux : gestion des processus', type: 'tableau' },
  { code: 'edition_data_model', libelle: 'Édition des modèles de données', type: 'dataModel' },
  { code: 'menu_item', libelle: 'Éléments de menu', type: 'menuItem' },
  { code: 'edition_pdf', libelle: 'Édition des modèles PDF', type: 'pdfModel' },
  { code: 'category_document', libelle: 'Catégories de documents', type: 'categoryDocument' },
  { code: 'edition_gammes', libelle: 'Édition des gammes', type: 'gammeModel' },
  { code: 'visualisation', libelle: 'Visualisation (localisations)', type: 'localisation' },
  { code: 'equipment', libelle: 'Équipements', type: 'equipment' },
] as const satisfies readonly { code: string; libelle: string; type: PermissionType }[];

export const CONTROLS = [
  { code: 'manage', libelle: 'Gérer (tous les droits)' },
  { code: 'create', libelle: 'Créer' },
  { code: 'read', libelle: 'Consulter' },
  { code: 'update', libelle: 'Modifier' },
  { code: 'delete', libelle: 'Supprimer' },
] as const;

export const Permission = z.object({
  id: z.number().int(),
  type: z.enum(PERMISSION_TYPES),
  itemId: z.number().int(),
  profilId: z.number().int().nullable(),
  utilisateurId: z.number().int().nullable(),
  isEE: z.boolean(),
  permissions: CrudFlags,
  conditions: z.record(z.string(), z.unknown()),
  idx: z.number().int(),
});
export type Permission = z.infer<typeof Permission>;

/** Conditions of an entry (CASL conditions): small objects. */
const CONDITIONS_BOUNDS: JsonBounds = { maxBytes: 8 * 1024, maxDepth: 6 };
const Target = z
  .object({
    type: z.enum(PERMISSION_TYPES),
    /** A menu item, a workflow, a board... according to `type` (checked by the handler). */
    itemId: ref('permissionItem', 'handler'),
    profilId: ref('profil').nullable().optional(),
    utilisateurId: ref('utilisateur').nullable().optional(),
    isEE: z.boolean().default(false),
    permissions: CrudFlags,
    conditions: BoundedJsonObject(CONDITIONS_BOUNDS).default({}),
  })
  .refine((v) => Boolean(v.profilId) !== Boolean(v.utilisateurId), {
    message: 'Une permission vise soit un profil, soit un utilisateur',
    path: ['profilId'],
  });
export const PermissionCreate = Target;
/** Upsert of many entries at once (the matrix's bulk apply). */
export const PermissionBulk = z.object({ permissions: z.array(Target).min(1).max(2000) });
export const PermissionUpdate = withChanges(
  z.object({
    id: z.coerce.number().int().positive(),
    permissions: CrudFlags.optional(),
    conditions: BoundedJsonObject(CONDITIONS_BOUNDS).optional(),
  }),
);
export const PermissionQuery = z.object({
  type: z.enum(PERMISSION_TYPES).optional(),
  isEE: z.enum(['true', 'false']).optional(),
  profilId: ref('profil').optional(),
  utilisateurId: ref('utilisateur').optional(),
});

export const EquipmentPermission = z.object({
  id: z.number().int(),
  equipementId: z.number().int().nullable(),
  profilId: z.number().int().nullable(),
  utilisateurId: z.number().int().nullable(),
  isEE: z.boolean(),
  permissions: CrudFlags,
  idx: z.number().int(),
});
export const EquipmentPermissionCreate = z
  .object({
    /** The node the entry sits on (its subtree), an equipment of the company the caller reads; null: the whole tree. */
    equipementId: ref('equipement').nullable().default(null),
    profilId: ref('profil').nullable().optional(),
    utilisateurId: ref('utilisateur').nullable().optional(),
    isEE: z.boolean().default(false),
    permissions: CrudFlags,
  })
  .refine((v) => Boolean(v.profilId) !== Boolean(v.utilisateurId), {
    message: 'Une permission vise soit un profil, soit un utilisateur',
    path: ['profilId'],
  });
export const EquipmentPermissionUpdate = z.object({ id: z.coerce.number().int().positive(), permissions: CrudFlags });

/** A menu entry of a company, per software; a tree by parentId, ordered by idx. */
export const MenuItemRow = z.object({
  id: z.number().int(),
  slug: z.string(),
  libelle: z.string(),
  icon: z.string().nullable(),
  parentId: z.number().int().nullable(),
  idx: z.number().int(),
  logiciel: LogicielCode.nullable(),
  hidden: z.boolean(),
  isEE: z.boolean(),
  /** The resource this entry governs (CASL subject), if any. */
  subject: z.string().nullable(),
  /** What the caller may do with this entry (and so with its subject). */
  abilities: Abilities,
});
export const MenuArrange = z.object({
  items: z
    .array(
      z.object({
        id: target('menuItem'),
        parentId: ref('menuItem', 'handler').nullable(),
        idx: z.coerce.number().int().min(0),
        hidden: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(500),
});

import { AbilityBuilder, createMongoAbility, type MongoAbility, type RawRuleOf, subject } from '@casl/ability';
import type { ProfilCodeValue as ProfilCode } from '../common/constants.ts';
import type { PermissionType, Resolved } from './permission.schema.ts';

export const ACTIONS = ['manage', 'create', 'read', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Every subject a route may name; `all` only for super admins. */
export const SUBJECTS = [
  'Entreprise',
  'EntrepriseSetting',
  'Utilisateur',
  'ServiceModele',
  'ProfilModele',
  'EntrepriseGroupe',
  'Habilitation',
  'MessageCollationne',
  'ProcessModele',
  'Process',
  'MenuItem',
  'Permission',
  'Tableau',
  'Filtre',
  'CategorieDocument',
  'DataModel',
  'PdfModele',
  'GammeModele',
  'Localisation',
  'Equipement',
  'Risque',
  'Qcm',
  'SuiviMedical',
  'all',
] as const;
export type Subject = (typeof SUBJECTS)[number];

/** The subject each kind of permission entry governs (menu items govern the subject written on them). */
export const SUBJECT_OF_TYPE: Record<Exclude<PermissionType, 'menuItem'>, Exclude<Subject, 'all'>> = {
  tableau: 'Tableau',
  tableauEdition: 'Tableau',
  workflow: 'ProcessModele',
  filter: 'Filtre',
  categoryDocument: 'CategorieDocument',
  dataModel: 'DataModel',
  pdfModel: 'PdfModele',
  gammeModel: 'GammeModele',
  localisation: 'Localisation',
  equipment: 'Equipement',
};

export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;
export type AppRule = RawRuleOf<AppAbility>;

/** Distinguished roles of the spec, derived from the profile. */
export const ROLES = ['super_admin', 'admin', 'manager', 'user'] as const;
export type Role = (typeof ROLES)[number];

/** The role a profile code carries. */
export function roleOfProfil(code: ProfilCode | null | undefined, isSuperAdmin = false): Role {
  if (isSuperAdmin || code === 'super_admin') return 'super_admin';
  if (code === 'admin' || code === 'administrateur' || code === 'fournisseur_admin') return 'admin';
  if (code === 'responsable' || code === 'hr_manager') return 'manager';
  return 'user';
}

/** A right computed from the decentralised permissions: on a whole subject, or on one item of it. */
export interface Grant {
  subject: Exclude<Subject, 'all'>;
  /** Present for an item-level grant (a workflow, a board...): the rule applies to that id only. */
  itemId?: number;
  rights: Resolved;
}

export interface Principal {
  idUser: number;
  idCompany: number;
  role: Role;
  /** Member of an external company (prestataire or supplier). */
  eu: boolean;
  profilCode?: ProfilCode | null;
  /**
   * Rights from the v2 permission model (menu items and permission entries). Absent for an account not on the
   * v2 model, which may manage everything of its company (spec section 6).
   */
  grants?: Grant[];
  /**
   * For a contractor (eu), the companies its company works for as prestataire. It reads and updates their processes;
   * the database narrows them to its own (prestataireIds, named signer: migration 0015), the step rules to the steps
   * that are its.
   */
  clientIds?: number[];
}

/** Subjects a company user manages on a non-v2 account. */
const COMPANY_SUBJECTS = SUBJECTS.filter((s) => s !== 'all' && s !== 'Entreprise' && s !== 'ProfilModele') as Exclude<Subject, 'all'>[];

/**
 * The rules of a principal. Built identically on the server (to authorize) and in the web app (to hide what
 * may not be done). Company-scoped rules carry the company id as a condition, so an instance check also
 * refuses another company's rows.
 */
export function rulesFor(p: Principal): AppRule[] {
  const { can, rules } = new AbilityBuilder<AppAbility>(createMongoAbility);
  if (p.role === 'super_admin') {
    can('manage', 'all');
    return rules;
  }
  const own = { entrepriseId: p.idCompany };
  // What every member of a company reads: its own record, its groups, habilitations and collated messages. People,
  // services, profiles, workflows, settings and the menu are read through their menu entry (their screen), or by the
  // pickers other screens need (PICKER_READ in common/endpoint.ts): reads follow rights (ticket 12).
  can('read', 'Entreprise', { id: p.idCompany });
  for (const s of ['EntrepriseGroupe', 'Habilitation', 'MessageCollationne'] as const) {
    can('read', s, own);
  }
  if (p.eu && p.clientIds?.length) {
    const clients = { entrepriseId: { $in: p.clientIds } };
    can(['read', 'update'], 'Process', clients);
    can('read', 'ProcessModele', clients);
    // Boards: a contractor's list of boards answers (empty) instead of 403. Boards are listed from the caller's own
    // company and filtered by this ability, which names only the clients; no policy lets the partner role read a
    // client's board (migration 0015): the contractor sees none, unless its own company gives it some.
    can('read', 'Tableau', clients);
  }
  if (!p.grants) {
    can('manage', COMPANY_SUBJECTS, own);
    can('update', 'Entreprise', { id: p.idCompany });
    return rules;
  }
  for (const g of p.grants) {
    const cond = g.itemId === undefined ? own : { ...own, id: g.itemId };
    for (const a of ['create', 'read', 'update', 'delete'] as const) {
      if (g.rights[a]) can(a, g.subject, cond);
    }
    // The company's own record is edited from its settings.
    if (g.subject === 'EntrepriseSetting' && g.rights.update && g.itemId === undefined) can('update', 'Entreprise', { id: p.idCompany });
  }
  return rules;
}

/** Builds the ability of a principal, or from rules sent by the server. */
export function abilityFor(p: Principal | AppRule[]): AppAbility {
  return createMongoAbility<AppAbility>(Array.isArray(p) ? p : rulesFor(p));
}

/** An instance to check an ability against (its conditions, e.g. the company id, are matched). */
export function instance(type: Exclude<Subject, 'all'>, fields: Record<string, unknown>): Record<string, unknown> {
  return subject(type, { ...fields }) as Record<string, unknown>;
}

/** What a caller may do with one returned item: the `abilities` field of responses. */
export function abilitiesOn(ability: AppAbility, type: Exclude<Subject, 'all'>, fields: Record<string, unknown>) {
  const it = instance(type, fields);
  return {
    read: ability.can('read', it),
    create: ability.can('create', it),
    update: ability.can('update', it),
    delete: ability.can('delete', it),
  };
}

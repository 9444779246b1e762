import { AbilityBuilder, createMongoAbility, type MongoAbility, type RawRuleOf, subject } from '@casl/ability';
import type { ProfilCodeValue as ProfilCode } from '../common/constants.ts';

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
  'all',
] as const;
export type Subject = (typeof SUBJECTS)[number];

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

export interface Principal {
  idUser: number;
  idCompany: number;
  role: Role;
  /** Member of an external company (prestataire or supplier). */
  eu: boolean;
  profilCode?: ProfilCode | null;
}

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
  can('read', 'Entreprise', { id: p.idCompany });
  can('read', 'ProfilModele');
  can('read', 'ServiceModele', own);
  can('read', 'Utilisateur', own);
  can('read', 'EntrepriseGroupe', own);
  can('read', 'Habilitation', own);
  can('read', 'MessageCollationne', own);
  can('read', 'ProcessModele', own);
  can('read', 'EntrepriseSetting', own);
  if (p.role === 'admin') {
    can('update', 'Entreprise', { id: p.idCompany });
    can('manage', 'EntrepriseSetting', own);
    can('manage', 'Utilisateur', own);
    can('manage', 'ServiceModele', own);
    can('manage', 'EntrepriseGroupe', own);
    can('manage', 'Habilitation', own);
    can('manage', 'ProcessModele', own);
  }
  if (p.role === 'manager') {
    can('manage', 'EntrepriseGroupe', own);
    if (p.profilCode === 'hr_manager') {
      can(['create', 'update'], 'Utilisateur', own);
      can('manage', 'Habilitation', own);
    }
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

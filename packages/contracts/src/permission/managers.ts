import type { ProfilCodeValue } from '../common/constants.ts';
import { abilityFor, type Grant, instance, roleOfProfil } from './ability.ts';
import { chainOf, type PermissionEntryLike, resolvePermission } from './resolve.ts';

/**
 * What "able to manage permissions" means: the actions on the Permission subject the matrix needs to give any right
 * back (see the entries, create or replace one, change one). Deleting an entry is not needed to repair anything.
 */
export const MANAGE_PERMISSIONS_ACTIONS = ['read', 'create', 'update'] as const;

/** A company's permission model, as the rights of its people are computed from it. */
export interface CompanyPermissionModel {
  entrepriseId: number;
  /** An external company: its people get the EE menu and entries. */
  eu: boolean;
  /** On the v2 model (menus and entries); otherwise every account manages everything of its company. */
  v2: boolean;
  /** Every menu item of the company (EE or not). */
  menu: readonly { id: number; parentId: number | null; subject: string | null; isEE: boolean }[];
  /** The company's entries of type menuItem. */
  entries: readonly (PermissionEntryLike & { isEE: boolean })[];
}

/** A person of the company, with every profile they may act as (their main one and those of changeRole). */
export interface CompanyMember {
  id: number;
  enable: boolean;
  isSuperAdmin: boolean;
  profils: readonly { id: number; code: string | null; type: string }[];
}

/**
 * Whether a person may manage the company's permissions with at least one of their profiles: the ability built as
 * the server builds it at each request (rulesFor on the grants of the menu items whose subject is Permission,
 * resolved for that person and profile) allows every MANAGE_PERMISSIONS_ACTIONS on the company's Permission.
 * A disabled person manages nothing.
 */
export function canManagePermissions(model: CompanyPermissionModel, member: CompanyMember): boolean {
  if (!member.enable) return false;
  const byId = new Map(model.menu.map((m) => [m.id, m]));
  const target = instance('Permission', { entrepriseId: model.entrepriseId });
  const profils = member.profils.length ? member.profils : [{ id: null, code: null, type: 'client' }];
  return profils.some((p) => {
    const profilCode = (p.code ?? null) as ProfilCodeValue | null;
    const role = roleOfProfil(profilCode, member.isSuperAdmin);
    const isEE = model.eu || p.type === 'supplier';
    let grants: Grant[] | undefined;
    if (model.v2 && !member.isSuperAdmin) {
      const entries = model.entries.filter((e) => e.isEE === isEE);
      const holder = { userId: member.id, profilId: p.id };
      grants = model.menu
        .filter((m) => m.isEE === isEE && m.subject === 'Permission')
        .map((m) => ({ subject: 'Permission' as const, rights: resolvePermission(entries, chainOf(m.id, byId), holder) }));
    }
    const ability = abilityFor({ idUser: member.id, idCompany: model.entrepriseId, role, eu: model.eu, profilCode, grants });
    return MANAGE_PERMISSIONS_ACTIONS.every((a) => ability.can(a, target));
  });
}

/**
 * The ids of the people who may manage the company's permissions. People without entries of their own get the
 * answer of their profiles, computed once per set of profiles.
 */
export function permissionManagers(model: CompanyPermissionModel, members: readonly CompanyMember[]): number[] {
  const withOwnEntries = new Set(model.entries.map((e) => e.utilisateurId).filter((id): id is number => id !== null));
  const byProfils = new Map<string, boolean>();
  return members
    .filter((m) => {
      if (!m.enable || withOwnEntries.has(m.id)) return canManagePermissions(model, m);
      const key = `${m.isSuperAdmin}|${m.profils.map((p) => `${p.id}:${p.code}:${p.type}`).join(',')}`;
      let yes = byProfils.get(key);
      if (yes === undefined) {
        yes = canManagePermissions(model, m);
        byProfils.set(key, yes);
      }
      return yes;
    })
    .map((m) => m.id);
}

/**
 * The last-admin rule: a change is refused when the company had someone able to manage its permissions and would
 * have nobody after it. A company that already had nobody (an external company, whose EE menu carries no
 * permission screen) is not blocked by it.
 */
export function leavesNoPermissionManager(before: readonly number[], after: readonly number[]): boolean {
  return before.length > 0 && after.length === 0;
}

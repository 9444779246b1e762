import { type AppAbility, abilityFor, type ProfilCodeValue, type Role, roleOfProfil } from '@app/contracts';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/engine.ts';
import type { Rights, RightsSource } from './rights.ts';

/** Who is calling: the signed-in user, their company, role and ability. */
export interface Caller {
  sessionId: string;
  userId: number;
  entrepriseId: number;
  isSuperAdmin: boolean;
  profilModeleId: number | null;
  profilCode: ProfilCodeValue | null;
  role: Role;
  eu: boolean;
  mfaPending: boolean;
  rememberMe: boolean;
  logicielCode: string | null;
  expiresAt: Date;
  /** Member of an external company, or on a supplier-type profile: the EE lists apply. */
  isEE: boolean;
  /**
   * A contractor: a person of an external company (not a super admin). Their requests run under the partner role
   * (bind.ts, migration 0015), which adds to their company's rows the processes of its clients that are theirs.
   */
  partner: boolean;
  /** For a contractor, the companies whose contractor (prestataire) their company is; empty otherwise. */
  clientIds: number[];
  rights: Rights;
  ability: AppAbility;
  /**
   * A super admin in support mode (migration 0014): `entrepriseId` is then the client company the session acts in
   * (the request's scope), `homeEntrepriseId` his own. Null outside support mode.
   */
  support: { homeEntrepriseId: number; accessId: number; since: Date } | null;
}

/** The row app_session_row returns (migration 0030; app_session_lookup of 0008 and 0014 before it). */
export interface SessionRow {
  session_id: string;
  utilisateur_id: number;
  entreprise_id: number;
  is_super_admin: boolean;
  enable: boolean;
  locked: boolean;
  eu: boolean;
  mfa_pending: boolean;
  remember_me: boolean;
  logiciel_code: string | null;
  expires_at: string | Date;
  profil_modele_id: number | null;
  profil_code: string | null;
  profil_type: string | null;
  permissions_v2: boolean;
  permission_version: number;
  /** The user's own company (differs from entreprise_id in support mode). */
  home_entreprise_id?: number;
  /** The session's open support row and when it began (support mode), else null. */
  support_access_id?: number | null;
  support_since?: string | Date | null;
}

/**
 * The caller of a looked-up session, with their rights (computed in the caller's company scope, cached by the
 * company's permission version). A session is refused when its user is disabled or its company locked.
 */
export async function callerOf(tx: Tx, row: SessionRow | undefined, rightsOf: RightsSource): Promise<Caller | null> {
  const r = row
    ? {
        sessionId: row.session_id,
        userId: row.utilisateur_id,
        entrepriseId: row.entreprise_id,
        isSuperAdmin: row.is_super_admin,
        enable: row.enable,
        locked: row.locked,
        eu: row.eu,
        mfaPending: row.mfa_pending,
        rememberMe: row.remember_me,
        logicielCode: row.logiciel_code,
        expiresAt: row.expires_at,
        profilModeleId: row.profil_modele_id,
        profilCode: row.profil_code,
        profilType: row.profil_type,
        v2: row.permissions_v2,
        version: row.permission_version,
      }
    : undefined;
  if (!r?.enable || (r.locked && !r.isSuperAdmin)) return null;
  const profilCode = (r.profilCode ?? null) as ProfilCodeValue | null;
  const role = roleOfProfil(profilCode, r.isSuperAdmin);
  const isEE = r.eu || r.profilType === 'supplier';
  const partner = r.eu && !r.isSuperAdmin;
  const clientIds = partner ? await clientsOf(tx) : [];
  const rights = await rightsOf(tx, {
    entrepriseId: r.entrepriseId,
    userId: r.userId,
    profilId: r.profilModeleId,
    isEE,
    v2: r.v2 && !r.isSuperAdmin,
    version: r.version,
  });
  return {
    sessionId: r.sessionId,
    userId: r.userId,
    entrepriseId: r.entrepriseId,
    isSuperAdmin: r.isSuperAdmin,
    profilModeleId: r.profilModeleId,
    profilCode,
    role,
    eu: r.eu,
    mfaPending: r.mfaPending,
    rememberMe: r.rememberMe,
    logicielCode: r.logicielCode,
    expiresAt: new Date(r.expiresAt),
    isEE,
    partner,
    clientIds,
    rights,
    ability: cachedAbility(rights, { idUser: r.userId, idCompany: r.entrepriseId, role, eu: r.eu, profilCode, clientIds }),
    support:
      row?.support_access_id && row.support_since
        ? { homeEntrepriseId: Number(row.home_entreprise_id), accessId: Number(row.support_access_id), since: new Date(row.support_since) }
        : null,
  };
}

/**
 * The clients of the caller's company (relations of type prestataire it is the partner of), read under the partner
 * role (entreprise_relation's policy relation_partner_read): one small indexed query, for contractors only, at each
 * request, so that a relation ended by the client closes its processes at once (the rights cache knows nothing of
 * relations).
 */
async function clientsOf(tx: Tx): Promise<number[]> {
  const res = await tx.execute(
    sql`select coalesce(array_agg(entreprise_id order by entreprise_id), '{}') as ids from entreprise_relation where partenaire_id = app_tenant() and type = 'prestataire'`,
  );
  return (res as unknown as { rows: { ids: number[] }[] }).rows[0]?.ids ?? [];
}

// Building an ability costs ~50 µs; the rights object is itself cached per (company, permission version, person,
// profile), so the ability built from it is kept with it and dropped with it.
const abilities = new WeakMap<Rights, Map<string, AppAbility>>();
function cachedAbility(
  rights: Rights,
  p: { idUser: number; idCompany: number; role: Role; eu: boolean; profilCode: ProfilCodeValue | null; clientIds: number[] },
): AppAbility {
  let byPrincipal = abilities.get(rights);
  if (!byPrincipal) {
    byPrincipal = new Map();
    abilities.set(rights, byPrincipal);
  }
  const key = `${p.idUser}|${p.idCompany}|${p.role}|${p.eu}|${p.profilCode}|${p.clientIds.join(',')}`;
  let ability = byPrincipal.get(key);
  if (!ability) {
    ability = abilityFor({ ...p, grants: rights.grants });
    byPrincipal.set(key, ability);
  }
  return ability;
}

/** The caller as if on another of their profiles (changeRole): role, rights and ability recomputed. */
export async function callerWithProfil(
  tx: Tx,
  caller: Caller,
  profil: { id: number; code: string; type: string },
  c: { v2: boolean; version: number },
  rightsOf: RightsSource,
): Promise<Caller> {
  const profilCode = profil.code as ProfilCodeValue;
  const role = roleOfProfil(profilCode, caller.isSuperAdmin);
  const isEE = caller.eu || profil.type === 'supplier';
  const rights = await rightsOf(tx, {
    entrepriseId: caller.entrepriseId,
    userId: caller.userId,
    profilId: profil.id,
    isEE,
    v2: c.v2 && !caller.isSuperAdmin,
    version: c.version,
  });
  return {
    ...caller,
    profilModeleId: profil.id,
    profilCode,
    role,
    isEE,
    rights,
    ability: abilityFor({
      idUser: caller.userId,
      idCompany: caller.entrepriseId,
      role,
      eu: caller.eu,
      profilCode,
      grants: rights.grants,
      clientIds: caller.clientIds,
    }),
  };
}

import { type AppAbility, abilityFor, type ProfilCodeValue, type Role, roleOfProfil } from '@app/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
import { type Rights, rightsOf } from './grants.ts';
import type { Tx } from '../db/engine.ts';
import { entreprise, profilModele, session, utilisateur } from '../db/schema.ts';

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
  rights: Rights;
  ability: AppAbility;
}

/**
 * Looks a session up by the SHA-256 of its cookie token. Runs in system mode (the caller's company is not
 * known yet): called only by the request transaction of platform/http/bind.ts.
 * A session is refused when expired, its user disabled, or its company locked.
 */
export async function findCaller(tx: Tx, sessionHash: string): Promise<Caller | null> {
  const rows = await tx
    .select({
      sessionId: session.id,
      userId: utilisateur.id,
      entrepriseId: utilisateur.entrepriseId,
      isSuperAdmin: utilisateur.isSuperAdmin,
      enable: utilisateur.enable,
      locked: entreprise.locked,
      eu: entreprise.eu,
      mfaPending: session.mfaPending,
      rememberMe: session.rememberMe,
      logicielCode: session.logicielCode,
      expiresAt: session.expiresAt,
      profilModeleId: sql<number | null>`coalesce(${session.profilModeleId}, ${utilisateur.profilModeleId})`,
      profilCode: profilModele.code,
      profilType: profilModele.type,
      v2: entreprise.permissionsV2,
      version: entreprise.permissionVersion,
    })
    .from(session)
    .innerJoin(utilisateur, eq(utilisateur.id, session.utilisateurId))
    .innerJoin(entreprise, eq(entreprise.id, utilisateur.entrepriseId))
    .leftJoin(profilModele, eq(profilModele.id, sql`coalesce(${session.profilModeleId}, ${utilisateur.profilModeleId})`))
    .where(and(eq(session.id, sessionHash), gt(session.expiresAt, sql`now()`)))
    .limit(1);
  const r = rows[0];
  if (!r?.enable || (r.locked && !r.isSuperAdmin)) return null;
  const profilCode = (r.profilCode ?? null) as ProfilCodeValue | null;
  const role = roleOfProfil(profilCode, r.isSuperAdmin);
  const isEE = r.eu || r.profilType === 'supplier';
  const rights = await rightsOf(tx, { entrepriseId: r.entrepriseId, userId: r.userId, profilId: r.profilModeleId, isEE, v2: r.v2 && !r.isSuperAdmin, version: r.version });
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
    rights,
    ability: abilityFor({ idUser: r.userId, idCompany: r.entrepriseId, role, eu: r.eu, profilCode, grants: rights.grants }),
  };
}

/** The caller as if on another of their profiles (changeRole): role, rights and ability recomputed. */
export async function callerWithProfil(
  tx: Tx,
  caller: Caller,
  profil: { id: number; code: string; type: string },
  c: { v2: boolean; version: number },
): Promise<Caller> {
  const profilCode = profil.code as ProfilCodeValue;
  const role = roleOfProfil(profilCode, caller.isSuperAdmin);
  const isEE = caller.eu || profil.type === 'supplier';
  const rights = await rightsOf(tx, { entrepriseId: caller.entrepriseId, userId: caller.userId, profilId: profil.id, isEE, v2: c.v2 && !caller.isSuperAdmin, version: c.version });
  return {
    ...caller,
    profilModeleId: profil.id,
    profilCode,
    role,
    isEE,
    rights,
    ability: abilityFor({ idUser: caller.userId, idCompany: caller.entrepriseId, role, eu: caller.eu, profilCode, grants: rights.grants }),
  };
}

/** The caller with rights recomputed within the transaction (after a grant made by this very request). */
export async function refreshRights(tx: Tx, caller: Caller): Promise<Caller> {
  const [c] = await tx.select({ v2: entreprise.permissionsV2, version: entreprise.permissionVersion }).from(entreprise).where(eq(entreprise.id, caller.entrepriseId));
  const [p] = caller.profilModeleId ? await tx.select().from(profilModele).where(eq(profilModele.id, caller.profilModeleId)) : [];
  if (!p || !c) return caller;
  return callerWithProfil(tx, caller, p, c);
}

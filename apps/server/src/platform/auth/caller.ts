import { type AppAbility, abilityFor, type ProfilCodeValue, type Role, roleOfProfil } from '@app/contracts';
import { and, eq, gt, sql } from 'drizzle-orm';
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
    })
    .from(session)
    .innerJoin(utilisateur, eq(utilisateur.id, session.utilisateurId))
    .innerJoin(entreprise, eq(entreprise.id, utilisateur.entrepriseId))
    .leftJoin(profilModele, eq(profilModele.id, sql`coalesce(${session.profilModeleId}, ${utilisateur.profilModeleId})`))
    .where(and(eq(session.id, sessionHash), gt(session.expiresAt, sql`now()`)))
    .limit(1);
  const r = rows[0];
  if (!r || !r.enable || (r.locked && !r.isSuperAdmin)) return null;
  const profilCode = (r.profilCode ?? null) as ProfilCodeValue | null;
  const role = roleOfProfil(profilCode, r.isSuperAdmin);
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
    ability: abilityFor({ idUser: r.userId, idCompany: r.entrepriseId, role, eu: r.eu, profilCode }),
  };
}

import { and, asc, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { entreprise, entrepriseLogiciel, logiciel } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { loginAttempt, otpCode, session } from './auth.tables.ts';

/**
 * Takes one sign-in slot under the limits, atomically (the check and the count are one step): the transaction-level
 * advisory locks of the mail, then of the address (always in that order, two-int form so that neither key space
 * meets another lock of the application), serialise the attempts that share either; under them, one statement
 * inserts the attempt as a failure only if the mail's failures since its last success and the address's failures,
 * within the window, are below their limits. Returns the attempt's id, or null when a limit is reached (nothing is
 * written). The caller marks the attempt a success once the password is checked (markAttemptSucceeded).
 */
export async function reserveAttempt(
  tx: Tx,
  mail: string,
  ip: string,
  limits: { perMail: number; perIp: number; windowMinutes: number },
): Promise<number | null> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_attempt:mail'), hashtext(${mail}))`);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('login_attempt:ip'), hashtext(${ip}))`);
  const since = sql`now() - make_interval(mins => ${limits.windowMinutes})`;
  const lastSuccess = sql`coalesce((select max(${loginAttempt.at}) from ${loginAttempt} where ${loginAttempt.mail} = ${mail} and ${loginAttempt.success}), '-infinity'::timestamptz)`;
  const res = await tx.execute(sql`
    insert into ${loginAttempt} (mail, ip, success)
    select ${mail}, ${ip}, false
    where (select count(*) from ${loginAttempt}
           where ${loginAttempt.mail} = ${mail} and not ${loginAttempt.success} and ${loginAttempt.at} > ${since} and ${loginAttempt.at} > ${lastSuccess}) < ${limits.perMail}
      and (select count(*) from ${loginAttempt}
           where ${loginAttempt.ip} = ${ip} and not ${loginAttempt.success} and ${loginAttempt.at} > ${since}) < ${limits.perIp}
    returning id`);
  const [row] = (res as unknown as { rows: { id: number }[] }).rows;
  return row ? Number(row.id) : null;
}

/** The reserved attempt's password was right: it no longer counts as a failure, and resets the mail's count. */
export async function markAttemptSucceeded(tx: Tx, id: number) {
  await tx.update(loginAttempt).set({ success: true }).where(eq(loginAttempt.id, id));
}

export async function insertSession(
  tx: Tx,
  v: { id: string; entrepriseId: number; utilisateurId: number; rememberMe: boolean; mfaPending: boolean; expiresAt: Date },
) {
  await tx.insert(session).values(v);
}

export async function deleteSession(tx: Tx, id: string) {
  await tx.delete(session).where(eq(session.id, id));
}

/** Signs everyone of a company out (the company was locked). */
export async function deleteSessionsOfEntreprise(tx: Tx, entrepriseId: number) {
  await tx.delete(session).where(eq(session.entrepriseId, entrepriseId));
}

export async function updateSession(tx: Tx, id: string, v: Partial<typeof session.$inferInsert>) {
  await tx.update(session).set(v).where(eq(session.id, id));
}

/**
 * What the user session shows: the user, their company (with its permission model and version, which key the rights)
 * and its active software; in support mode, the client company given instead of the user's own.
 */
export async function loadSessionData(tx: Tx, userId: number, companyId?: number) {
  const [row] = await tx
    .select({
      user: {
        id: utilisateur.id,
        nom: utilisateur.nom,
        prenom: utilisateur.prenom,
        mail: utilisateur.mail,
        signature: utilisateur.signature,
        settings: utilisateur.settings,
        profilModeleId: utilisateur.profilModeleId,
        profilIds: utilisateur.profilIds,
      },
      company: {
        id: entreprise.id,
        nom: entreprise.nom,
        eu: entreprise.eu,
        authTypes: entreprise.authTypes,
        setting: entreprise.setting,
        permissionsV2: entreprise.permissionsV2,
        permissionVersion: entreprise.permissionVersion,
      },
    })
    .from(utilisateur)
    // A super admin in support mode sees the session of the client company he acts in (companyId).
    .innerJoin(entreprise, eq(entreprise.id, companyId ?? utilisateur.entrepriseId))
    .where(eq(utilisateur.id, userId));
  if (!row) return null;
  return { ...row, logiciels: await activeLogiciels(tx, row.company.id) };
}

/** Software a company has licensed (enable) and switched on (active). */
export async function activeLogiciels(tx: Tx, entrepriseId: number) {
  return tx
    .select({ id: logiciel.id, code: logiciel.code, libelle: logiciel.libelle, setting: entrepriseLogiciel.setting })
    .from(entrepriseLogiciel)
    .innerJoin(logiciel, eq(logiciel.id, entrepriseLogiciel.logicielId))
    .where(and(eq(entrepriseLogiciel.entrepriseId, entrepriseId), eq(entrepriseLogiciel.active, true), eq(entrepriseLogiciel.enable, true)))
    .orderBy(asc(logiciel.idx));
}

export async function countRecentOtps(tx: Tx, userId: number, purpose: string, minutes: number) {
  const [r] = await tx
    .select({ n: count() })
    .from(otpCode)
    .where(
      and(
        eq(otpCode.utilisateurId, userId),
        eq(otpCode.purpose, purpose),
        gt(otpCode.createdAt, sql`now() - make_interval(mins => ${minutes})`),
      ),
    );
  return r.n;
}

/** Creates a one-time code and retires the user's earlier unused ones for the same purpose. */
export async function insertOtp(
  tx: Tx,
  v: { entrepriseId: number; utilisateurId: number; purpose: string; codeHash: string; expiresAt: Date },
) {
  await tx
    .update(otpCode)
    .set({ usedAt: sql`now()` })
    .where(and(eq(otpCode.utilisateurId, v.utilisateurId), eq(otpCode.purpose, v.purpose), isNull(otpCode.usedAt)));
  await tx.insert(otpCode).values(v);
}

/** The user's current code for a purpose, locked for the check. */
export async function currentOtp(tx: Tx, userId: number, purpose: string) {
  const [r] = await tx
    .select()
    .from(otpCode)
    .where(and(eq(otpCode.utilisateurId, userId), eq(otpCode.purpose, purpose), isNull(otpCode.usedAt), gt(otpCode.expiresAt, sql`now()`)))
    .orderBy(desc(otpCode.id))
    .limit(1)
    .for('update');
  return r ?? null;
}

export async function updateOtp(tx: Tx, id: number, v: Partial<typeof otpCode.$inferInsert>) {
  await tx.update(otpCode).set(v).where(eq(otpCode.id, id));
}

/** The auth module's hourly clean-up: expired sessions, sign-in attempts and spent codes older than a day. */
export async function purgeExpired(tx: Tx) {
  await tx.delete(session).where(lt(session.expiresAt, sql`now()`));
  await tx.delete(loginAttempt).where(lt(loginAttempt.at, sql`now() - interval '1 day'`));
  await tx.delete(otpCode).where(lt(otpCode.expiresAt, sql`now() - interval '1 day'`));
}

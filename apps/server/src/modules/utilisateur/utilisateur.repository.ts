import type { Utilisateur } from '@app/contracts';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { containsPattern } from '../../platform/db/like.ts';
import { session } from '../auth/auth.tables.ts';
import { entreprise, entrepriseRelation } from '../entreprise/entreprise.tables.ts';
import { messageCollationne } from '../process/process.tables.ts';
import { profilModele } from '../profil/profil.tables.ts';
import { serviceModele } from '../service-modele/service-modele.tables.ts';
import { utilisateur } from './utilisateur.tables.ts';

const columns = {
  id: utilisateur.id,
  nom: utilisateur.nom,
  prenom: utilisateur.prenom,
  mail: utilisateur.mail,
  codeRfid: utilisateur.codeRfid,
  telephone: utilisateur.telephone,
  fonction: utilisateur.fonction,
  identification: utilisateur.identification,
  coutHoraire: utilisateur.coutHoraire,
  couleur: utilisateur.couleur,
  serviceId: utilisateur.serviceModeleId,
  service: serviceModele.libelle,
  profilId: utilisateur.profilModeleId,
  profil: profilModele.libelle,
  profilIds: utilisateur.profilIds,
  entrepriseId: utilisateur.entrepriseId,
  entreprise: entreprise.nom,
  dateNaissance: utilisateur.dateNaissance,
  enable: utilisateur.enable,
  isTempAccount: utilisateur.isTempAccount,
  isMfa: utilisateur.isMfa,
  signature: utilisateur.signature,
  authenticated: sql<boolean>`${utilisateur.passwordHash} is not null`,
  isSupperAdmin: utilisateur.isSuperAdmin,
};

function base(tx: Tx) {
  return tx
    .select(columns)
    .from(utilisateur)
    .innerJoin(entreprise, eq(entreprise.id, utilisateur.entrepriseId))
    .leftJoin(serviceModele, eq(serviceModele.id, utilisateur.serviceModeleId))
    .leftJoin(profilModele, eq(profilModele.id, utilisateur.profilModeleId));
}

/** Users matching a condition, in name order (RLS limits them to the scope's company and its partners). */
async function findUsers(tx: Tx, where: SQL | undefined): Promise<Utilisateur[]> {
  return base(tx).where(where).orderBy(asc(utilisateur.nom), asc(utilisateur.prenom), asc(utilisateur.id));
}

export async function findUser(tx: Tx, id: number): Promise<Utilisateur | null> {
  return (await findUsers(tx, eq(utilisateur.id, id)))[0] ?? null;
}

/** The people of a company (only those enabled with `enabledOnly`). */
export async function findUsersOfEntreprise(tx: Tx, entrepriseId: number, enabledOnly = false): Promise<Utilisateur[]> {
  return findUsers(tx, and(eq(utilisateur.entrepriseId, entrepriseId), enabledOnly ? eq(utilisateur.enable, true) : undefined));
}

/** The people of these companies (none for an empty list). */
export async function findUsersOfEntreprises(tx: Tx, entrepriseIds: number[]): Promise<Utilisateur[]> {
  return entrepriseIds.length ? findUsers(tx, inArray(utilisateur.entrepriseId, entrepriseIds)) : [];
}

/** These people (none for an empty list). */
export async function findUsersByIds(tx: Tx, ids: number[]): Promise<Utilisateur[]> {
  return ids.length ? findUsers(tx, inArray(utilisateur.id, ids)) : [];
}

/** The people of a company in one of its services. */
export async function findUsersOfService(tx: Tx, entrepriseId: number, serviceId: number): Promise<Utilisateur[]> {
  return findUsers(tx, and(eq(utilisateur.entrepriseId, entrepriseId), eq(utilisateur.serviceModeleId, serviceId)));
}

/** The company of a person visible in the scope, or null. */
export async function entrepriseOfUser(tx: Tx, id: number): Promise<number | null> {
  const [row] = await tx.select({ e: utilisateur.entrepriseId }).from(utilisateur).where(eq(utilisateur.id, id));
  return row?.e ?? null;
}

const SORTS = {
  nom: [utilisateur.nom, utilisateur.prenom],
  prenom: [utilisateur.prenom, utilisateur.nom],
  mail: [utilisateur.mail],
  fonction: [utilisateur.fonction, utilisateur.nom],
  service: [serviceModele.libelle, utilisateur.nom],
  profil: [profilModele.libelle, utilisateur.nom],
  enable: [utilisateur.enable, utilisateur.nom],
} as const;

export interface UserListQuery {
  search?: string;
  enable?: 'true' | 'false';
  serviceId?: number;
  profilId?: number;
  sort: keyof typeof SORTS;
  order: 'asc' | 'desc';
  offset: number;
  perPage: number;
}

/** A page of a company's users with the total, searched on name, first name, mail, function and identification. */
export async function pageUsers(tx: Tx, entrepriseId: number, q: UserListQuery) {
  const like = q.search ? containsPattern(q.search) : null;
  const where = and(
    eq(utilisateur.entrepriseId, entrepriseId),
    like
      ? or(
          ilike(utilisateur.nom, like),
          ilike(utilisateur.prenom, like),
          ilike(utilisateur.mail, like),
          ilike(utilisateur.fonction, like),
          ilike(utilisateur.identification, like),
          ilike(sql`${utilisateur.prenom} || ' ' || ${utilisateur.nom}`, like),
        )
      : undefined,
    q.enable ? eq(utilisateur.enable, q.enable === 'true') : undefined,
    q.serviceId ? eq(utilisateur.serviceModeleId, q.serviceId) : undefined,
    q.profilId ? eq(utilisateur.profilModeleId, q.profilId) : undefined,
  );
  const dir = q.order === 'desc' ? desc : asc;
  const items = await base(tx)
    .where(where)
    .orderBy(...SORTS[q.sort].map((c) => dir(c)), asc(utilisateur.id))
    .limit(q.perPage)
    .offset(q.offset);
  const [{ total }] = await tx
    .select({ total: sql<number>`count(*)::int` })
    .from(utilisateur)
    .leftJoin(serviceModele, eq(serviceModele.id, utilisateur.serviceModeleId))
    .leftJoin(profilModele, eq(profilModele.id, utilisateur.profilModeleId))
    .where(where);
  return { items, total, offset: q.offset, perPage: q.perPage };
}

export async function insertUser(tx: Tx, v: typeof utilisateur.$inferInsert) {
  const [r] = await tx.insert(utilisateur).values(v).returning({ id: utilisateur.id });
  return r.id;
}

export async function updateUser(tx: Tx, id: number, entrepriseId: number, v: Partial<typeof utilisateur.$inferInsert>) {
  const r = await tx
    .update(utilisateur)
    .set({ ...v, updatedAt: sql`now()` })
    .where(and(eq(utilisateur.id, id), eq(utilisateur.entrepriseId, entrepriseId)))
    .returning({ id: utilisateur.id });
  return r.length > 0;
}

export async function deleteUser(tx: Tx, id: number, entrepriseId: number) {
  const r = await tx
    .delete(utilisateur)
    .where(and(eq(utilisateur.id, id), eq(utilisateur.entrepriseId, entrepriseId)))
    .returning({ id: utilisateur.id });
  return r.length > 0;
}

/**
 * Signs a person out everywhere (they were disabled). The one write of this module on another's table: the sessions
 * are the auth module's, but auth uses this module (accounts, settings) through its index.ts, so calling back
 * through auth's index.ts would make the two modules a cycle.
 */
export async function deleteSessionsOfUser(tx: Tx, userId: number) {
  await tx.delete(session).where(eq(session.utilisateurId, userId));
}

/** Company ids visible from the scope: its own and the partners it may read (RLS decides). */
export async function visibleEntreprise(tx: Tx, id: number) {
  const [e] = await tx.select({ id: entreprise.id, eu: entreprise.eu }).from(entreprise).where(eq(entreprise.id, id));
  return e ?? null;
}

export async function partnerIds(tx: Tx, entrepriseId: number) {
  const r = await tx
    .select({ id: entrepriseRelation.partenaireId })
    .from(entrepriseRelation)
    .where(eq(entrepriseRelation.entrepriseId, entrepriseId));
  return r.map((x) => x.id);
}

export async function messagesOf(tx: Tx, userId: number) {
  const rows = await tx
    .select()
    .from(messageCollationne)
    .where(or(eq(messageCollationne.emetteurId, userId), eq(messageCollationne.destinataireId, userId)))
    .orderBy(desc(messageCollationne.envoyeAt), desc(messageCollationne.id))
    .limit(500);
  return rows.map((m) => ({
    id: m.id,
    numero: m.numero,
    emetteurId: m.emetteurId,
    destinataireId: m.destinataireId,
    objet: m.objet,
    contenu: m.contenu,
    envoyeAt: new Date(m.envoyeAt).toISOString(),
    collationneAt: m.collationneAt ? new Date(m.collationneAt).toISOString() : null,
  }));
}

/** Of these people, those of the company, and with `partners` those of its partner companies too (by relation). */
export async function peopleAmong(tx: Tx, entrepriseId: number, ids: number[], partners = false) {
  const ofCompany = eq(utilisateur.entrepriseId, entrepriseId);
  const r = await tx
    .select({ id: utilisateur.id })
    .from(utilisateur)
    .where(
      and(
        inArray(utilisateur.id, ids),
        partners
          ? or(
              ofCompany,
              sql`${utilisateur.entrepriseId} in (select r.partenaire_id from entreprise_relation r where r.entreprise_id = ${entrepriseId})`,
            )
          : ofCompany,
      ),
    );
  return r.map((x) => x.id);
}

/** The account behind a sign-in, looked up by mail, with its company's lock and sign-in methods (system-wide: called inside withSystem). */
export async function findAccountByMail(tx: Tx, mail: string) {
  const rows = await tx
    .select({
      id: utilisateur.id,
      entrepriseId: utilisateur.entrepriseId,
      passwordHash: utilisateur.passwordHash,
      enable: utilisateur.enable,
      isMfa: utilisateur.isMfa,
      isSuperAdmin: utilisateur.isSuperAdmin,
      locked: entreprise.locked,
      authTypes: entreprise.authTypes,
    })
    .from(utilisateur)
    .innerJoin(entreprise, eq(entreprise.id, utilisateur.entrepriseId))
    .where(eq(utilisateur.mail, mail))
    .limit(1);
  return rows[0] ?? null;
}

/** Where a person's one-time codes go: their mail, their phone, and their company. */
export async function getUserContact(tx: Tx, userId: number) {
  const [u] = await tx
    .select({ mail: utilisateur.mail, telephone: utilisateur.telephone, entrepriseId: utilisateur.entrepriseId })
    .from(utilisateur)
    .where(eq(utilisateur.id, userId));
  return u ?? null;
}

export async function setUserPhone(tx: Tx, userId: number, telephone: string) {
  await tx.update(utilisateur).set({ telephone, updatedAt: sql`now()` }).where(eq(utilisateur.id, userId));
}

/** Merges a patch into a person's preferences (top-level keys replaced) and returns them merged. */
export async function updateUserSettings(tx: Tx, userId: number, patch: Record<string, unknown>) {
  const [r] = await tx
    .update(utilisateur)
    .set({ settings: sql`${utilisateur.settings} || ${JSON.stringify(patch)}::jsonb`, updatedAt: sql`now()` })
    .where(eq(utilisateur.id, userId))
    .returning({ settings: utilisateur.settings });
  return (r?.settings ?? {}) as Record<string, unknown>;
}

/** An invited account by the SHA-256 of its invitation token, locked (system-wide, inside withSystem). */
export async function findInvitation(tx: Tx, hash: string) {
  const [u] = await tx
    .select({ id: utilisateur.id, expiresAt: utilisateur.invitationExpiresAt })
    .from(utilisateur)
    .where(eq(utilisateur.invitationHash, hash))
    .for('update');
  return u ?? null;
}

/** The invited person chose a password: the invitation is spent and the account enabled. */
export async function activateAccount(tx: Tx, userId: number, passwordHash: string) {
  await tx
    .update(utilisateur)
    .set({ passwordHash, invitationHash: null, invitationExpiresAt: null, enable: true, updatedAt: sql`now()` })
    .where(eq(utilisateur.id, userId));
}

/**
 * People's names by id (« Prénom Nom », never e-mails), through app_person_names (migration 0015): the caller's
 * company's people and those of the companies it works with, so that a contractor reads its client's signers.
 */
export async function fullNamesByIds(tx: Tx, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (!wanted.length) return new Map();
  const res = await tx.execute(sql`select id, nom, prenom from app_person_names(${`{${wanted.map(Number).join(',')}}`}::int[])`);
  const rows = (res as unknown as { rows: { id: number; nom: string | null; prenom: string | null }[] }).rows;
  return new Map(rows.map((r) => [r.id, `${r.prenom ?? ''} ${r.nom ?? ''}`.trim()]));
}

/** Whether a person belongs to a company (a contractor acts for its own people only). */
export async function isPersonOfCompany(tx: Tx, utilisateurId: number, entrepriseId: number): Promise<boolean> {
  const [u] = await tx
    .select({ id: utilisateur.id })
    .from(utilisateur)
    .where(and(eq(utilisateur.id, utilisateurId), eq(utilisateur.entrepriseId, entrepriseId)));
  return Boolean(u);
}

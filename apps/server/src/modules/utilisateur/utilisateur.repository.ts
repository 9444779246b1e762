import type { Utilisateur } from '@app/contracts';
import { and, asc, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { containsPattern } from '../../platform/db/like.ts';
import { session } from '../auth/auth.tables.ts';
import { entreprise, entrepriseRelation } from '../entreprise/entreprise.tables.ts';
import { messageCollationne } from '../process/process.tables.ts';
import { profilModele } from '../profil/profil.tables.ts';
import { serviceModele } from '../service-modele/service-modele.tables.ts';
import { habilitation, utilisateur, utilisateurHabilitation } from './utilisateur.tables.ts';

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
export async function findUsers(tx: Tx, where: SQL | undefined): Promise<Utilisateur[]> {
  return base(tx).where(where).orderBy(asc(utilisateur.nom), asc(utilisateur.prenom), asc(utilisateur.id));
}

export async function findUser(tx: Tx, id: number): Promise<Utilisateur | null> {
  return (await findUsers(tx, eq(utilisateur.id, id)))[0] ?? null;
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

export async function deleteSessionsOfUser(tx: Tx, userId: number) {
  await tx.delete(session).where(eq(session.utilisateurId, userId));
}

export async function profilById(tx: Tx, id: number) {
  const [p] = await tx.select().from(profilModele).where(eq(profilModele.id, id));
  return p ?? null;
}

export async function profilsByIds(tx: Tx, ids: number[]) {
  if (!ids.length) return [];
  return tx.select().from(profilModele).where(inArray(profilModele.id, ids));
}

export async function serviceOf(tx: Tx, id: number, entrepriseId: number) {
  const [s] = await tx
    .select({ id: serviceModele.id })
    .from(serviceModele)
    .where(and(eq(serviceModele.id, id), eq(serviceModele.entrepriseId, entrepriseId)));
  return s ?? null;
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

export async function habilitationsOf(tx: Tx, entrepriseId: number) {
  const habs = await tx.select().from(habilitation).where(eq(habilitation.entrepriseId, entrepriseId)).orderBy(asc(habilitation.code));
  const holders = await tx
    .select({
      habilitationId: utilisateurHabilitation.habilitationId,
      utilisateurId: utilisateur.id,
      nom: utilisateur.nom,
      prenom: utilisateur.prenom,
      dateObtention: utilisateurHabilitation.dateObtention,
      dateExpiration: utilisateurHabilitation.dateExpiration,
    })
    .from(utilisateurHabilitation)
    .innerJoin(utilisateur, eq(utilisateur.id, utilisateurHabilitation.utilisateurId))
    .where(eq(utilisateurHabilitation.entrepriseId, entrepriseId))
    .orderBy(asc(utilisateur.nom), asc(utilisateur.prenom));
  return habs.map((h) => ({
    id: h.id,
    entrepriseId: h.entrepriseId,
    code: h.code,
    libelle: h.libelle,
    titulaires: holders.filter((x) => x.habilitationId === h.id).map(({ habilitationId: _h, ...t }) => t),
  }));
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

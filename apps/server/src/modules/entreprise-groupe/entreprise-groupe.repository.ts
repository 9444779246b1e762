import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { entrepriseGroupe } from './entreprise-groupe.tables.ts';

export type GroupeRow = typeof entrepriseGroupe.$inferSelect;
type GroupeValues = { nom: string; utilisateurIds: number[]; prestataireIds: number[] };

/** A company's groups, by name. */
export async function listGroupes(tx: Tx, entrepriseId: number): Promise<GroupeRow[]> {
  return tx.select().from(entrepriseGroupe).where(eq(entrepriseGroupe.entrepriseId, entrepriseId)).orderBy(asc(entrepriseGroupe.nom));
}

export async function insertGroupe(tx: Tx, entrepriseId: number, v: GroupeValues): Promise<GroupeRow> {
  const [row] = await tx
    .insert(entrepriseGroupe)
    .values({ ...v, entrepriseId })
    .returning();
  return row;
}

/** Rewrites a group of the company; null when there is none. */
export async function updateGroupe(tx: Tx, entrepriseId: number, id: number, v: GroupeValues): Promise<GroupeRow | null> {
  const [row] = await tx
    .update(entrepriseGroupe)
    .set(v)
    .where(and(eq(entrepriseGroupe.id, id), eq(entrepriseGroupe.entrepriseId, entrepriseId)))
    .returning();
  return row ?? null;
}

/** Deletes a group of the company; false when there is none. */
export async function deleteGroupe(tx: Tx, entrepriseId: number, id: number): Promise<boolean> {
  const r = await tx
    .delete(entrepriseGroupe)
    .where(and(eq(entrepriseGroupe.id, id), eq(entrepriseGroupe.entrepriseId, entrepriseId)))
    .returning({ id: entrepriseGroupe.id });
  return r.length > 0;
}

/** The ids listed in a column of these groups of the company, as a subquery. */
const membersOf = (column: 'utilisateur_ids' | 'prestataire_ids', entrepriseId: number, groupeIds: number[]) =>
  sql`(select unnest(g.${sql.raw(column)}) from entreprise_groupe g where g.entreprise_id = ${entrepriseId} and g.id in (${sql.join(
    groupeIds.map((i) => sql`${i}`),
    sql`, `,
  )}))`;

/** The people of these groups of the company, by name. */
export async function peopleOfGroupes(tx: Tx, entrepriseId: number, groupeIds: number[]) {
  return tx
    .select({ id: utilisateur.id, nom: utilisateur.nom, prenom: utilisateur.prenom })
    .from(utilisateur)
    .where(sql`${utilisateur.id} in ${membersOf('utilisateur_ids', entrepriseId, groupeIds)}`)
    .orderBy(asc(utilisateur.nom), asc(utilisateur.prenom));
}

/** The contractors of these groups of the company, by name. */
export async function prestatairesOfGroupes(tx: Tx, entrepriseId: number, groupeIds: number[]) {
  return tx
    .select({ id: entreprise.id, nom: entreprise.nom })
    .from(entreprise)
    .where(sql`${entreprise.id} in ${membersOf('prestataire_ids', entrepriseId, groupeIds)}`)
    .orderBy(asc(entreprise.nom));
}

import { API } from '@app/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { entrepriseGroupe } from './entreprise-groupe.tables.ts';

const G = API.entrepriseGroupe;
type Row = typeof entrepriseGroupe.$inferSelect;
const present = (g: Row) => ({
  id: g.id,
  entrepriseId: g.entrepriseId,
  nom: g.nom,
  utilisateurIds: g.utilisateurIds,
  prestataireIds: g.prestataireIds,
});

export const entrepriseGroupeRoutes: RouteDef[] = [
  route(G.list, async ({ tx, useCompany }, { params }) => {
    await useCompany(params.id);
    const rows = await tx
      .select()
      .from(entrepriseGroupe)
      .where(eq(entrepriseGroupe.entrepriseId, params.id))
      .orderBy(asc(entrepriseGroupe.nom));
    return rows.map(present);
  }),

  // People of the company and its contractors: references checked by the platform (contracts: refs()).
  route(G.save, async ({ tx, caller }, { body }) => {
    const userIds = [...new Set(body.utilisateurIds)];
    const presIds = [...new Set(body.prestataireIds)];
    const values = { nom: body.nom, utilisateurIds: userIds, prestataireIds: presIds };
    if (body.id) {
      const [row] = await tx
        .update(entrepriseGroupe)
        .set(values)
        .where(and(eq(entrepriseGroupe.id, body.id), eq(entrepriseGroupe.entrepriseId, caller.entrepriseId)))
        .returning();
      if (!row) throw notFound('Groupe introuvable.');
      return present(row);
    }
    const [row] = await tx
      .insert(entrepriseGroupe)
      .values({ ...values, entrepriseId: caller.entrepriseId })
      .returning();
    return present(row);
  }),

  route(G.personnels, async ({ tx, caller }, { body }) => {
    const rows = await tx
      .select({ id: utilisateur.id, nom: utilisateur.nom, prenom: utilisateur.prenom })
      .from(utilisateur)
      .where(
        sql`${utilisateur.id} in (select unnest(g.utilisateur_ids) from entreprise_groupe g where g.entreprise_id = ${caller.entrepriseId} and g.id in (${sql.join(
          body.groupeIds.map((i) => sql`${i}`),
          sql`, `,
        )}))`,
      )
      .orderBy(asc(utilisateur.nom), asc(utilisateur.prenom));
    return rows.map((u) => ({ ...u, fullName: `${u.prenom} ${u.nom}` }));
  }),

  route(G.prestataires, async ({ tx, caller }, { body }) =>
    tx
      .select({ id: entreprise.id, nom: entreprise.nom })
      .from(entreprise)
      .where(
        sql`${entreprise.id} in (select unnest(g.prestataire_ids) from entreprise_groupe g where g.entreprise_id = ${caller.entrepriseId} and g.id in (${sql.join(
          body.groupeIds.map((i) => sql`${i}`),
          sql`, `,
        )}))`,
      )
      .orderBy(asc(entreprise.nom)),
  ),

  route(G.delete, async ({ tx, caller }, { params }) => {
    const r = await tx
      .delete(entrepriseGroupe)
      .where(and(eq(entrepriseGroupe.id, params.id), eq(entrepriseGroupe.entrepriseId, caller.entrepriseId)))
      .returning({ id: entrepriseGroupe.id });
    if (!r.length) throw notFound('Groupe introuvable.');
    return { message: 'Groupe supprimé avec succès.', id: params.id };
  }),
];

import { API } from '@app/contracts';
import { notFound } from '../../platform/http/errors.ts';
import { type RouteDef, route } from '../../platform/http/route.ts';
import { presentGroupe } from './entreprise-groupe.presenter.ts';
import { deleteGroupe, listGroupes, peopleOfGroupes, prestatairesOfGroupes } from './entreprise-groupe.repository.ts';
import { saveGroupe } from './use-cases/save-groupe.ts';

const G = API.entrepriseGroupe;

export const entrepriseGroupeRoutes: RouteDef[] = [
  route(G.list, async ({ tx, useCompany }, { params }) => {
    await useCompany(params.id);
    return (await listGroupes(tx, params.id)).map(presentGroupe);
  }),

  route(G.save, async ({ tx, caller }, { body }) => presentGroupe(await saveGroupe(tx, caller.entrepriseId, body))),

  route(G.personnels, async ({ tx, caller }, { body }) =>
    (await peopleOfGroupes(tx, caller.entrepriseId, body.groupeIds)).map((u) => ({ ...u, fullName: `${u.prenom} ${u.nom}` })),
  ),

  route(G.prestataires, async ({ tx, caller }, { body }) => prestatairesOfGroupes(tx, caller.entrepriseId, body.groupeIds)),

  route(G.delete, async ({ tx, caller }, { params }) => {
    if (!(await deleteGroupe(tx, caller.entrepriseId, params.id))) throw notFound('Groupe introuvable.');
    return { message: 'Groupe supprimé avec succès.', id: params.id };
  }),
];

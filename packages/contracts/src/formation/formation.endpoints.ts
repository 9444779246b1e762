import { z } from 'zod';
import { accessOn, endpoint } from '../common/endpoint.ts';
import { Ok } from '../common/schemas.ts';
import { Formation, FormationCancel, FormationGetsQuery, FormationPage, FormationPageQuery, FormationSave } from './formation.schema.ts';

const tag = 'Formations';
/** Trainings belong to the habilitation file (menu « Formations », subject Habilitation). */
const { read, create, update } = accessOn('Habilitation');

export const formationEndpoints = {
  page: endpoint({
    method: 'GET',
    path: '/api/formation/get_by_pagging',
    summary: "Formations de l'entreprise (ou d'une personne), les plus récentes en premier",
    tag,
    query: FormationPageQuery,
    response: FormationPage,
    access: read,
  }),
  gets: endpoint({
    method: 'GET',
    path: '/api/formation/gets',
    summary: "Toutes les formations (ou celles d'une personne : utilisateurId)",
    tag,
    query: FormationGetsQuery,
    response: z.array(Formation),
    access: read,
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/formation/save',
    summary: 'Créer (sans id) ou modifier une formation et ses avis après formation par symbole',
    tag,
    body: FormationSave,
    response: Formation,
    access: { kind: 'anyAbility', of: [create, update] },
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/formation/cancel',
    summary: 'Annuler une formation saisie par erreur (conservée, motif journalisé)',
    tag,
    body: FormationCancel,
    response: Ok,
    access: update,
  }),
};

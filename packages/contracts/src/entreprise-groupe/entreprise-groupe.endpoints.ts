import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { IdParams, Ok } from '../common/schemas.ts';
import { UserName } from '../utilisateur/utilisateur.schema.ts';
import { EntrepriseGroupe, EntrepriseGroupeSave, GroupeIds } from './entreprise-groupe.schema.ts';

const tag = "Groupes d'entreprise";

export const entrepriseGroupeEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/entreprise_groupe/get/{id}',
    summary: "Groupes d'une entreprise",
    tag,
    params: IdParams,
    response: z.array(EntrepriseGroupe),
    access: { kind: 'ability', action: 'read', subject: 'EntrepriseGroupe' },
  }),
  save: endpoint({
    method: 'POST',
    path: '/api/v2/entreprise_groupe/update',
    summary: 'Créer (sans id) ou modifier un groupe',
    tag,
    body: EntrepriseGroupeSave,
    response: EntrepriseGroupe,
    access: { kind: 'ability', action: 'update', subject: 'EntrepriseGroupe' },
  }),
  personnels: endpoint({
    method: 'POST',
    path: '/api/v2/entreprise_groupe/get_personnels',
    summary: 'Personnes des groupes',
    tag,
    body: GroupeIds,
    response: z.array(UserName),
    access: { kind: 'ability', action: 'read', subject: 'EntrepriseGroupe' },
  }),
  prestataires: endpoint({
    method: 'POST',
    path: '/api/v2/entreprise_groupe/get_prestataires',
    summary: 'Entreprises prestataires des groupes',
    tag,
    body: GroupeIds,
    response: z.array(z.object({ id: z.number().int(), nom: z.string() })),
    access: { kind: 'ability', action: 'read', subject: 'EntrepriseGroupe' },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v2/entreprise_groupe/delete/{id}',
    summary: 'Supprimer un groupe',
    tag,
    params: IdParams,
    response: Ok,
    access: { kind: 'ability', action: 'delete', subject: 'EntrepriseGroupe' },
  }),
};

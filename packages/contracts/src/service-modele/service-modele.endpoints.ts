import { z } from 'zod';
import { accessOn, endpoint, PICKER_READ } from '../common/endpoint.ts';
import { IdParams, IdsBody, Ok } from '../common/schemas.ts';
import { ServiceModele, ServiceModeleCreate, ServiceModeleUpdate } from './service-modele.schema.ts';

const tag = 'Services';
const { create, update, delete: del } = accessOn('ServiceModele');
// Services carry no personal data: their reads serve every picker (the Services screen itself is refused in the web).
const read = PICKER_READ.services;
const List = z.array(ServiceModele);

export const serviceModeleEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/service_modele/get',
    summary: "Tous les services de l'entreprise",
    tag,
    query: z.object({ type: z.enum(['client', 'provider', 'supplier']).optional() }),
    response: List,
    access: read,
  }),
  listClient: endpoint({
    method: 'GET',
    path: '/api/v2/service_modele/client/get',
    summary: 'Services internes (type client)',
    tag,
    response: List,
    access: read,
  }),
  listEe: endpoint({
    method: 'GET',
    path: '/api/v2/get_service_modele_ee/get',
    summary: 'Services des entreprises extérieures (type provider)',
    tag,
    response: List,
    access: read,
  }),
  fetchByEntreprise: endpoint({
    method: 'GET',
    path: '/api/fetchServiceModeles/{id}',
    summary: "Services d'une entreprise",
    tag,
    params: IdParams,
    response: List,
    access: read,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/service_modele/create',
    summary: 'Créer un service interne',
    tag,
    body: ServiceModeleCreate,
    response: ServiceModele,
    access: create,
  }),
  createEe: endpoint({
    method: 'POST',
    path: '/api/v2/service_modele/createEE',
    summary: 'Créer un service prestataire',
    tag,
    body: ServiceModeleCreate,
    response: ServiceModele,
    access: create,
  }),
  createFournisseur: endpoint({
    method: 'POST',
    path: '/api/v2/service_modele/create_fournisseur',
    summary: 'Créer un service fournisseur',
    tag,
    body: ServiceModeleCreate,
    response: ServiceModele,
    access: create,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v2/service_modele/update',
    summary: 'Modifier un service interne',
    tag,
    body: ServiceModeleUpdate,
    response: ServiceModele,
    access: update,
  }),
  updateEe: endpoint({
    method: 'PUT',
    path: '/api/v2/service_modele/updateEE',
    summary: 'Modifier un service prestataire',
    tag,
    body: ServiceModeleUpdate,
    response: ServiceModele,
    access: update,
  }),
  updateFournisseur: endpoint({
    method: 'PUT',
    path: '/api/v2/service_modele/update_fournisseur',
    summary: 'Modifier un service fournisseur',
    tag,
    body: ServiceModeleUpdate,
    response: ServiceModele,
    access: update,
  }),
  arrange: endpoint({
    method: 'PUT',
    path: '/api/v2/service_modele/arrange',
    summary: 'Ordonner les services',
    tag,
    body: IdsBody,
    response: Ok,
    access: update,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v2/service_modele/delete/{id}',
    summary: 'Supprimer un service interne',
    tag,
    params: IdParams,
    response: Ok,
    access: del,
  }),
  deleteEe: endpoint({
    method: 'DELETE',
    path: '/api/v2/service_modele/deleteEE/{id}',
    summary: 'Supprimer un service prestataire',
    tag,
    params: IdParams,
    response: Ok,
    access: del,
  }),
  deleteFournisseur: endpoint({
    method: 'DELETE',
    path: '/api/v2/service_modele/delete_fournisseur/{id}',
    summary: 'Supprimer un service fournisseur',
    tag,
    params: IdParams,
    response: Ok,
    access: del,
  }),
};

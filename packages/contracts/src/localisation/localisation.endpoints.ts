import { z } from 'zod';
import { accessOn, endpoint } from '../common/endpoint.ts';
import { IdParams, Ok } from '../common/schemas.ts';
import { Localisation, LocalisationCreate, LocalisationUpdate } from './localisation.schema.ts';

const tag = 'Localisations';
const { create, update, delete: del } = accessOn('Localisation');
/**
 * Locations are read on their screen, wherever equipment is placed (the equipment detail's location tab) and by the
 * `location` field of a process form.
 */
const read = {
  kind: 'anyAbility',
  of: [
    { action: 'read', subject: 'Localisation' },
    { action: 'read', subject: 'Equipement' },
    { action: 'read', subject: 'Process' },
  ],
} as const;

// The spec names « v3/location CRUD and image » (S 205) without paths: these follow its v3 style (docs/DECISIONS.md).
export const localisationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v3/location/get',
    summary: "Localisations de l'entreprise (avec leurs repères)",
    tag,
    response: z.array(Localisation),
    access: read,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v3/location/get/{id}',
    summary: 'Une localisation',
    tag,
    params: IdParams,
    response: Localisation,
    access: read,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v3/location/create',
    summary: 'Créer une localisation (son créateur en devient administrateur)',
    tag,
    body: LocalisationCreate,
    response: Localisation,
    access: create,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v3/location/update',
    summary: 'Modifier une localisation et ses repères',
    tag,
    body: LocalisationUpdate,
    response: Localisation,
    access: update,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v3/location/delete/{id}',
    summary: 'Supprimer une localisation (refusé tant que des équipements y sont placés)',
    tag,
    params: IdParams,
    response: Ok,
    access: del,
  }),
  uploadImage: endpoint({
    method: 'POST',
    path: '/api/v3/location/{id}/image',
    summary: 'Déposer le plan (multipart, champ « file » : PNG, JPEG ou WebP, 5 Mo au plus)',
    tag,
    params: IdParams,
    response: Localisation,
    access: update,
  }),
  image: endpoint({
    method: 'GET',
    path: '/api/v3/location/{id}/image',
    summary: "L'image du plan",
    tag,
    params: IdParams,
    response: z.unknown(),
    access: read,
  }),
};

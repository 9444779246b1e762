import { z } from 'zod';
import { endpoint } from '../common/endpoint.ts';
import { ProfilModele, ProfilModeleLogiciel } from './profil.schema.ts';

const tag = 'Profils';
const access = { kind: 'ability', action: 'read', subject: 'ProfilModele' } as const;

export const profilEndpoints = {
  getAll: endpoint({
    method: 'GET',
    path: '/api/profil_modele/get_all',
    summary: 'Profils (hors fournisseurs)',
    tag,
    response: z.array(ProfilModele),
    access,
  }),
  getAllEe: endpoint({
    method: 'GET',
    path: '/api/profil_modele/get_all_ee',
    summary: 'Profils de type fournisseur',
    tag,
    response: z.array(ProfilModele),
    access,
  }),
  getAllLogiciel: endpoint({
    method: 'GET',
    path: '/api/profil_modele_logiciel/get_all',
    summary: 'Profils par logiciel',
    tag,
    response: z.array(ProfilModeleLogiciel),
    access,
  }),
};

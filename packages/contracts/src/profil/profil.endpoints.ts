import { z } from 'zod';
import { endpoint, PICKER_READ } from '../common/endpoint.ts';
import { ProfilModele, ProfilModeleLogiciel } from './profil.schema.ts';

const tag = 'Profils';
// A list of names every screen that picks a profile needs (the Profils screen itself is refused in the web).
const access = PICKER_READ.profils;

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

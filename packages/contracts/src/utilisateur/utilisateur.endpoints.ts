import { z } from 'zod';
import { BODY_LIMITS, endpoint } from '../common/endpoint.ts';
import { target, targets } from '../common/references.ts';
import { IdParams, Ok, paged } from '../common/schemas.ts';
import { ProfilModele } from '../profil/profil.schema.ts';
import { UserSession } from '../auth/auth.schema.ts';
import {
  Habilitation,
  MessageCollationne,
  UserName,
  UserSettings,
  UserSettingsPatch,
  Utilisateur,
  UtilisateurCreate,
  UtilisateurListQuery,
  UtilisateurUpdate,
} from './utilisateur.schema.ts';

const tag = 'Utilisateurs';
const read = { kind: 'ability', action: 'read', subject: 'Utilisateur' } as const;
const List = z.array(Utilisateur);
const UserIdParams = z.object({ userId: target('utilisateur') });

export const utilisateurEndpoints = {
  getByCompany: endpoint({ method: 'GET', path: '/api/utilisateurs/get_by_company', summary: "Utilisateurs de l'entreprise : recherche, filtres, tri et pagination", tag, query: UtilisateurListQuery, response: paged(Utilisateur), access: read }),
  get: endpoint({ method: 'GET', path: '/api/utilisateurs/{id}', summary: 'Un utilisateur', tag, params: IdParams, response: Utilisateur, access: read }),
  listOfEntreprise: endpoint({ method: 'GET', path: '/api/utilisateurs/get/user_entreprise/{id}', summary: "Utilisateurs d'une entreprise", tag, params: IdParams, response: List, access: read }),
  listByIds: endpoint({ method: 'POST', path: '/api/utilisateurs/get/user_entreprises', summary: 'Utilisateurs par identifiants', tag, body: z.object({ user_ids: targets('utilisateur').max(1000) }), response: List, access: read }),
  listOfService: endpoint({ method: 'GET', path: '/api/utilisateur/entreprise_service_modele/{id}', summary: "Utilisateurs d'un service", tag, params: IdParams, response: List, access: read }),
  listOfEntreprisePost: endpoint({ method: 'POST', path: '/api/utilisateur/entreprise', summary: "Utilisateurs d'une entreprise", tag, body: z.object({ entreprise_id: target('entreprise') }), response: List, access: read }),
  listEe: endpoint({ method: 'POST', path: '/api/utilisateur/get_all_user_ee', summary: "Utilisateurs des entreprises extérieures qui travaillent pour l'entreprise", tag, response: List, access: read }),
  listOfEntreprises: endpoint({ method: 'POST', path: '/api/utilisateur/entreprises', summary: "Utilisateurs de l'entreprise et de ses partenaires (ou des entreprises listées)", tag, body: z.object({ entreprise_ids: targets('entreprise').max(200).optional() }), response: List, access: read }),
  listLight: endpoint({ method: 'GET', path: '/api/utilisateurs/get_utilisateurs/{id}', summary: "Noms des utilisateurs d'une entreprise (sélecteurs)", tag, params: IdParams, response: z.array(UserName), access: read }),
  userName: endpoint({ method: 'GET', path: '/api/getUserName/{id}', summary: "Nom d'un utilisateur", tag, params: IdParams, response: UserName, access: read }),
  userProfil: endpoint({ method: 'GET', path: '/api/getUserProfil/{id}', summary: "Profil d'un utilisateur", tag, params: IdParams, response: ProfilModele.nullable(), access: read }),
  create: endpoint({ method: 'POST', path: '/api/v2/utilisateur/create', summary: 'Créer un utilisateur (invitation par e-mail sans mot de passe)', tag, body: UtilisateurCreate, bodyLimit: BODY_LIMITS.image, response: Utilisateur, access: { kind: 'ability', action: 'create', subject: 'Utilisateur' } }),
  update: endpoint({ method: 'PUT', path: '/api/v2/utilisateur/update', summary: 'Modifier un utilisateur', tag, body: UtilisateurUpdate, bodyLimit: BODY_LIMITS.image, response: Utilisateur, access: { kind: 'ability', action: 'update', subject: 'Utilisateur' } }),
  activate: endpoint({ method: 'POST', path: '/api/utilisateur/{userId}/active', summary: 'Activer un utilisateur', tag, params: UserIdParams, response: Utilisateur, access: { kind: 'ability', action: 'update', subject: 'Utilisateur' } }),
  deactivate: endpoint({ method: 'DELETE', path: '/api/utilisateur/{userId}/active', summary: 'Désactiver un utilisateur (ses sessions sont fermées)', tag, params: UserIdParams, response: Utilisateur, access: { kind: 'ability', action: 'update', subject: 'Utilisateur' } }),
  deleteComplete: endpoint({ method: 'POST', path: '/api/utilisateur/delete_complete', summary: 'Supprimer définitivement un utilisateur', tag, body: z.object({ user_id: target('utilisateur') }), response: Ok, access: { kind: 'ability', action: 'delete', subject: 'Utilisateur' } }),
  saveSetting: endpoint({ method: 'POST', path: '/api/utilisateur/save_setting', summary: "Enregistrer des préférences de l'utilisateur connecté (fusionnées)", tag, body: z.object({ settings: UserSettingsPatch }), response: z.object({ settings: UserSettings }), access: { kind: 'session' } }),
  changeRole: endpoint({ method: 'GET', path: '/api/changeRole/{id}', summary: "Basculer l'utilisateur connecté sur un autre de ses profils", tag, params: IdParams, response: UserSession, access: { kind: 'session' } }),
  habilitationsOfEntreprise: endpoint({ method: 'GET', path: '/api/getHabilitationsByEntreprise/{id}', summary: "Habilitations d'une entreprise et leurs titulaires", tag, params: IdParams, response: z.array(Habilitation), access: { kind: 'ability', action: 'read', subject: 'Habilitation' } }),
  habilitationsOfMyEntreprise: endpoint({ method: 'GET', path: '/api/customGetHabilitationByEntreprise', summary: "Habilitations de l'entreprise de l'utilisateur connecté", tag, response: z.array(Habilitation), access: { kind: 'ability', action: 'read', subject: 'Habilitation' } }),
  messagesOfUser: endpoint({ method: 'GET', path: '/api/utilisateur/messsage_collationne/{userId}', summary: "Messages collationnés émis ou reçus par un utilisateur", tag, params: UserIdParams, response: z.array(MessageCollationne), access: { kind: 'ability', action: 'read', subject: 'MessageCollationne' } }),
  myMessages: endpoint({ method: 'GET', path: '/api/utilisateur/messsage_collationne', summary: "Messages collationnés de l'utilisateur connecté", tag, response: z.array(MessageCollationne), access: { kind: 'session' } }),
};

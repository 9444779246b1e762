import { z } from 'zod';
import { accessOn, endpoint } from '../common/endpoint.ts';
import { target } from '../common/references.ts';
import { IdParams, Ok } from '../common/schemas.ts';
import {
  ActionMetriqueCreate,
  ActionMetriqueUpdate,
  Etape,
  EtapeArrange,
  EtapeAutorisation,
  EtapeAutorisationCreate,
  EtapeCreate,
  EtapeSwitch,
  EtapeUpdate,
  InformationControls,
  Metrique,
  MetriqueArrange,
  MetriqueAssign,
  MetriqueInsert,
  MetriqueRename,
  MetriqueSwitch,
  MetriqueUpdate,
  ProcessModele,
  WorkflowCreate,
  WorkflowDuplicate,
  WorkflowLock,
  WorkflowSummary,
  WorkflowUpdate,
} from './workflow.schema.ts';

const tag = 'Workflows';
const { read, create, update, delete: del } = accessOn('ProcessModele');

export const workflowEndpoints = {
  forEdition: endpoint({ method: 'GET', path: '/api/v2/workflow/get_workflows_for_edition', summary: "Workflows complets (étapes, champs, règles) pour l'éditeur ; clientId : ceux d'une autre entreprise (super admin)", tag, query: z.object({ clientId: target('entreprise').optional() }), response: z.array(ProcessModele), access: read }),
  list: endpoint({ method: 'GET', path: '/api/v2/workflow/get_workflows', summary: "Liste des workflows de l'entreprise", tag, response: z.array(WorkflowSummary), access: read }),
  create: endpoint({ method: 'POST', path: '/api/v2/workflow/create', summary: 'Créer un workflow (son créateur en devient administrateur)', tag, body: WorkflowCreate, response: ProcessModele, access: create }),
  duplicate: endpoint({ method: 'POST', path: '/api/v2/workflow/duplicate', summary: 'Dupliquer un workflow (étapes, champs, conditions et règles)', tag, body: WorkflowDuplicate, response: ProcessModele, access: create }),
  lock: endpoint({ method: 'POST', path: '/api/v2/workflow/set_lock_workflow', summary: 'Verrouiller ou déverrouiller la structure d’un workflow', tag, body: WorkflowLock, response: ProcessModele, access: update }),
  update: endpoint({ method: 'PUT', path: '/api/v2/workflow/update', summary: 'Modifier un workflow (version attendue : 409 si périmée)', tag, body: WorkflowUpdate, response: ProcessModele, access: update }),
  delete: endpoint({ method: 'DELETE', path: '/api/v2/workflow/delete/{id}', summary: 'Supprimer un workflow sans processus', tag, params: IdParams, response: Ok, access: del }),

  etapeCreate: endpoint({ method: 'POST', path: '/api/v2/etape/create', summary: 'Ajouter une étape (à la fin, ou à un ordre en décalant les suivantes)', tag, body: EtapeCreate, response: Etape, access: update }),
  etapeUpdate: endpoint({ method: 'PUT', path: '/api/v2/etape/update', summary: 'Renommer ou configurer une étape', tag, body: EtapeUpdate, response: Etape, access: update }),
  etapeArrange: endpoint({ method: 'PUT', path: '/api/v2/etape/arrange', summary: "Réordonner les étapes d'un workflow", tag, body: EtapeArrange, response: z.array(Etape), access: update }),
  etapeSwitch: endpoint({ method: 'POST', path: '/api/v2/etape/switch', summary: 'Échanger la place de deux étapes', tag, body: EtapeSwitch, response: z.array(Etape), access: update }),
  etapeDelete: endpoint({ method: 'DELETE', path: '/api/v2/etape/delete/{id}', summary: 'Supprimer une étape et ses champs', tag, params: IdParams, response: Ok, access: update }),
  etapeMetriques: endpoint({ method: 'GET', path: '/api/v2/etape/get_metriques/{id}', summary: "Champs d'une étape (arbre des groupes)", tag, params: IdParams, response: z.array(Metrique), access: read }),
  etapeReferable: endpoint({ method: 'GET', path: '/api/v2/etape/get_referable_metriques/{id}', summary: 'Champs des étapes précédentes que cette étape peut reprendre', tag, params: IdParams, response: z.array(Metrique), access: read }),
  metriqueById: endpoint({ method: 'GET', path: '/api/v2/etape/get_metrique_by_id/{id}', summary: 'Un champ', tag, params: IdParams, response: Metrique, access: read }),
  assignMetrique: endpoint({ method: 'PUT', path: '/api/v2/etape/assign_metrique', summary: 'Ajouter un champ à la fin d’une étape', tag, body: MetriqueAssign, response: Metrique, access: update }),
  insertMetrique: endpoint({ method: 'PUT', path: '/api/v2/etape/insert_metrique', summary: 'Insérer un champ à une position (les suivants sont décalés)', tag, body: MetriqueInsert, response: Metrique, access: update }),
  arrangeMetriques: endpoint({ method: 'PUT', path: '/api/v2/etape/arrange_metriques', summary: "Réordonner les champs d'une étape", tag, body: MetriqueArrange, response: z.array(Metrique), access: update }),
  switchMetrique: endpoint({ method: 'POST', path: '/api/v2/etape/switch_metrique', summary: 'Déplacer un champ vers une autre étape', tag, body: MetriqueSwitch, response: Metrique, access: update }),
  renameMetrique: endpoint({ method: 'POST', path: '/api/v2/etape/rename_metrique', summary: 'Renommer un champ', tag, body: MetriqueRename, response: Metrique, access: update }),
  deleteMetrique: endpoint({ method: 'DELETE', path: '/api/v2/etape/delete_metrique/{id}', summary: 'Supprimer un champ (et les champs de son groupe)', tag, params: IdParams, response: Ok, access: update }),
  createActionMetrique: endpoint({ method: 'POST', path: '/api/v2/etape/create_action_metrique', summary: "Ajouter un bouton d'action qui crée un processus d'un workflow autorisé", tag, body: ActionMetriqueCreate, response: Metrique, access: update }),
  updateActionMetrique: endpoint({ method: 'PUT', path: '/api/v2/etape/update_action_metrique', summary: "Modifier un bouton d'action", tag, body: ActionMetriqueUpdate, response: Metrique, access: update }),
  informationControls: endpoint({ method: 'GET', path: '/api/v2/step/get_information_controls/{id}', summary: "Règles d'autorisation d'une étape et, pour un processus, si l'appelant peut agir", tag, params: IdParams, query: z.object({ processId: target('process').optional() }), response: InformationControls, access: read }),
  metrique: endpoint({ method: 'GET', path: '/api/v2/metrique/get/{id}', summary: 'Un champ', tag, params: IdParams, response: Metrique, access: read }),
  metriquesWithConditions: endpoint({ method: 'GET', path: '/api/v2/metriques/get-with-conditions', summary: "Champs d'un workflow qui portent des conditions", tag, query: z.object({ processModeleId: target('workflow') }), response: z.array(Metrique), access: read }),
  metriqueUpdate: endpoint({ method: 'PUT', path: '/api/v2/metrique/update', summary: 'Modifier les propriétés d’un champ (répond 201)', tag, body: MetriqueUpdate, response: Metrique, access: update, status: 201 }),
  autorisations: endpoint({ method: 'GET', path: '/api/v2/etape_autorisation/get', summary: "Règles d'autorisation d'une étape", tag, query: z.object({ etapeId: target('etape') }), response: z.array(EtapeAutorisation), access: read }),
  autorisationCreate: endpoint({ method: 'POST', path: '/api/v2/etape_autorisation/create', summary: "Ajouter une règle d'autorisation à une étape", tag, body: EtapeAutorisationCreate, response: EtapeAutorisation, access: update }),
  autorisationDelete: endpoint({ method: 'DELETE', path: '/api/v2/etape_autorisation/delete/{id}', summary: "Supprimer une règle d'autorisation", tag, params: IdParams, response: Ok, access: update }),
};

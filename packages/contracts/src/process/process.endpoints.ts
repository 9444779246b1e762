import { z } from 'zod';
import { accessOn, BODY_LIMITS, endpoint } from '../common/endpoint.ts';
import { ref, target, targets } from '../common/references.ts';
import { IdParams, Ok } from '../common/schemas.ts';
import { Metrique } from '../workflow/workflow.schema.ts';
import {
  JournalEntry,
  Process,
  ProcessCreate,
  ProcessFile,
  ProcessForward,
  ProcessInactive,
  ProcessReturn,
  ProcessSign,
  ProcessStatus,
  ProcessUpdate,
  Signature,
  SignatureDelete,
  SignatureRegister,
  StepDetail,
  TreeNode,
} from './process.schema.ts';
import { PROCESS_ETATS } from './transitions.ts';

const tag = 'Processus';
const { read, create, update, delete: del } = accessOn('Process');
const PosId = z.coerce.number().int().positive();
const ProcessIdParams = z.object({ processId: PosId });

export const processEndpoints = {
  createV1: endpoint({ method: 'POST', path: '/api/process/create', summary: "Créer un processus d'un workflow (numéro suivant de l'entreprise)", tag, body: ProcessCreate, bodyLimit: BODY_LIMITS.process, response: Process, access: create }),
  createV2: endpoint({ method: 'POST', path: '/api/v2/process/create', summary: 'Créer un processus', tag, body: ProcessCreate, bodyLimit: BODY_LIMITS.process, response: Process, access: create }),
  createV3: endpoint({ method: 'POST', path: '/api/v3/process/create', summary: 'Créer un processus', tag, body: ProcessCreate, bodyLimit: BODY_LIMITS.process, response: Process, access: create }),
  getV1: endpoint({ method: 'GET', path: '/api/process/get/{id}', summary: 'Un processus', tag, params: IdParams, response: Process, access: read }),
  getV2: endpoint({ method: 'GET', path: '/api/v2/process/get/{processId}/{etapeId}', summary: "Un processus, vu depuis une de ses étapes", tag, params: z.object({ processId: PosId, etapeId: PosId }), response: Process, access: read }),
  getV3: endpoint({ method: 'GET', path: '/api/v3/process/get/{processId}', summary: 'Un processus', tag, params: ProcessIdParams, response: Process, access: read }),
  retrieve: endpoint({ method: 'GET', path: '/api/process/retrieve_process/{id}', summary: 'Un processus', tag, params: IdParams, response: Process, access: read }),
  retrieveV2: endpoint({ method: 'POST', path: '/api/process/retrieve_process/v2', summary: 'Un processus', tag, body: z.object({ id: PosId }), response: Process, access: read }),
  getBase: endpoint({ method: 'GET', path: '/api/v2/process/get_base/{id}', summary: "En-tête d'un processus", tag, params: IdParams, response: z.object({ id: z.number().int(), numero: z.number().int(), nomProcess: z.string(), processModele: z.object({ id: z.number().int(), libelle: z.string() }), etat: z.enum(PROCESS_ETATS), currentEtapeOrdre: z.number().int().nullable(), version: z.number().int() }), access: read }),
  updateV1: endpoint({ method: 'POST', path: '/api/process/update', summary: 'Enregistrer un processus (champs, dates…)', tag, body: ProcessUpdate, bodyLimit: BODY_LIMITS.process, response: Process, access: update }),
  updateV2: endpoint({ method: 'PUT', path: '/api/v2/process/update', summary: 'Enregistrer un processus', tag, body: ProcessUpdate, bodyLimit: BODY_LIMITS.process, response: Process, access: update }),
  updateV3: endpoint({ method: 'PUT', path: '/api/v3/process/update', summary: 'Enregistrer un processus', tag, body: ProcessUpdate, bodyLimit: BODY_LIMITS.process, response: Process, access: update }),
  sign: endpoint({ method: 'PUT', path: '/api/v3/process/sign', summary: "Signer et valider l'étape courante (l'étape suivante devient courante)", tag, body: ProcessSign, bodyLimit: BODY_LIMITS.signatures, response: Process, access: update }),
  signStep: endpoint({ method: 'PUT', path: '/api/v2/process/sign_step', summary: "Signer et valider l'étape courante", tag, body: ProcessSign, bodyLimit: BODY_LIMITS.signatures, response: Process, access: update }),
  returnStep: endpoint({ method: 'PUT', path: '/api/v3/process/return_step', summary: "Renvoyer à l'étape précédente (ses signatures sont effacées)", tag, body: ProcessReturn, response: Process, access: update }),
  forwardStep: endpoint({ method: 'PUT', path: '/api/v3/process/forward_step', summary: "Passer l'étape courante quand le workflow le permet", tag, body: ProcessForward, response: Process, access: update }),
  updateStatus: endpoint({ method: 'PUT', path: '/api/v3/process/update-status-process', summary: 'Changer le statut (content.etat porte le nouvel état)', tag, body: ProcessStatus, response: z.object({ message: z.string(), content: z.object({ id: z.number().int(), etat: z.enum(PROCESS_ETATS), status: z.string().nullable() }) }), access: update }),
  changeState: endpoint({ method: 'POST', path: '/api/process/change_process_state', summary: "Changer l'état d'ensemble (réactiver un processus inactif)", tag, body: z.object({ id: PosId, etat: z.enum(PROCESS_ETATS) }), response: Process, access: update }),
  inactive: endpoint({ method: 'PUT', path: '/api/v2/process/inactive', summary: 'Rendre un processus inactif', tag, body: ProcessInactive, response: Process, access: update }),
  duplicateV2: endpoint({ method: 'POST', path: '/api/v2/process/duplicate', summary: 'Dupliquer un processus (valeurs de la première étape)', tag, body: z.object({ id: PosId }), response: Process, access: create }),
  duplicateV3: endpoint({ method: 'POST', path: '/api/v3/process/duplicate', summary: 'Dupliquer un processus', tag, body: z.object({ id: PosId }), response: Process, access: create }),
  etatEtape: endpoint({ method: 'POST', path: '/api/process/etat_etape', summary: "État d'une étape d'un processus", tag, body: z.object({ process_id: target('process'), etape_ordre: z.coerce.number().int().min(1) }), response: StepDetail, access: read }),
  saveEtatEtape: endpoint({ method: 'POST', path: '/api/process/save/etat_etape_step', summary: "Poser l'état d'une étape (réceptionné, refusé…)", tag, body: z.object({ process_id: target('process'), etape_id: target('etape'), etat: z.coerce.number().int().min(1).max(11) }), response: StepDetail, access: update }),
  detectValidated: endpoint({ method: 'GET', path: '/api/process/detect_validated_step/{processId}/{etapeOrdre}', summary: "L'étape de cet ordre est-elle validée ?", tag, params: z.object({ processId: PosId, etapeOrdre: z.coerce.number().int().min(1) }), response: z.object({ validated: z.boolean(), dateRealise: z.string().nullable() }), access: read }),
  lackingSignatures: endpoint({ method: 'POST', path: '/api/process/etape/lacking_signatures', summary: "Champs de signature encore à signer dans une étape", tag, body: z.object({ process_id: target('process'), etape_id: target('etape') }), response: z.array(Metrique), access: read }),
  multiTabs: endpoint({ method: 'GET', path: '/api/v3/process/multi_tabs', summary: "Champs d'une étape par onglet (ses groupes)", tag, query: z.object({ process_id: target('process'), step_id: target('etape') }), response: z.array(z.object({ libelle: z.string(), metriques: z.array(Metrique) })), access: read }),
  report: endpoint({ method: 'GET', path: '/api/v3/process/report/{id}', summary: 'Rapport : chaque étape, ses valeurs et signatures', tag, params: IdParams, response: z.object({ process: z.object({ id: z.number().int(), numero: z.number().int(), nomProcess: z.string(), etat: z.enum(PROCESS_ETATS) }), etapes: z.array(z.object({ ordre: z.number().int(), nom: z.string(), isValid: z.boolean(), dateRealise: z.string().nullable(), champs: z.array(z.object({ metriqueId: z.number().int(), nom: z.string(), dataType: z.string(), valeur: z.unknown() })), signatures: z.array(Signature) })) }), access: read }),
  synthese: endpoint({ method: 'POST', path: '/api/process/synthese', summary: "Synthèse d'un processus (état de chaque étape, signatures manquantes)", tag, body: z.object({ id: PosId }), response: z.object({ id: z.number().int(), etat: z.enum(PROCESS_ETATS), etapes: z.array(z.object({ ordre: z.number().int(), nom: z.string(), etat: z.number().int(), isValid: z.boolean(), signaturesManquantes: z.number().int() })) }), access: read }),
  assignParents: endpoint({ method: 'POST', path: '/api/process/assign_parents', summary: 'Rattacher des processus à un processus parent', tag, body: z.object({ processIds: targets('process').min(1).max(200), parentId: ref('process', 'handler').nullable() }), response: Ok, access: update }),
  parents: endpoint({ method: 'GET', path: '/api/processes/{id}/parents', summary: "Ascendants d'un processus, du parent à la racine", tag, params: IdParams, response: z.array(z.object({ id: z.number().int(), nomProcess: z.string(), numero: z.number().int(), niveau: z.number().int() })), access: read }),
  allParents: endpoint({ method: 'GET', path: '/api/processes/all_parents', summary: 'Processus qui ont des sous-processus', tag, response: z.array(z.object({ id: z.number().int(), nomProcess: z.string(), numero: z.number().int(), nbEnfants: z.number().int() })), access: read }),
  tree: endpoint({ method: 'GET', path: '/api/processes/process_tree', summary: "Arbre d'un processus (depuis sa racine)", tag, query: z.object({ id: PosId }), response: TreeNode, access: read }),
  deleteWithSubs: endpoint({ method: 'POST', path: '/api/process/delete_process_subprocesses', summary: 'Supprimer un processus et ses sous-processus', tag, body: z.object({ id: PosId }), response: Ok, access: del }),
  sequencingCreate: endpoint({ method: 'POST', path: '/api/v3/process_sequencing/create', summary: "Séquencer : ce processus attend la fin d'un autre", tag, body: z.object({ processId: target('process'), lockedByProcessId: ref('process', 'handler') }), response: z.object({ id: z.number().int(), processId: z.number().int(), lockedByProcessId: z.number().int() }), access: update }),
  sequencingGet: endpoint({ method: 'GET', path: '/api/v3/process_sequencing/get', summary: "Séquencements d'un processus", tag, query: z.object({ processId: target('process') }), response: z.array(z.object({ id: z.number().int(), processId: z.number().int(), lockedByProcessId: z.number().int() })), access: read }),
  sequencingDelete: endpoint({ method: 'DELETE', path: '/api/v3/process_sequencing/delete/{id}', summary: 'Supprimer un séquencement', tag, params: IdParams, response: Ok, access: update }),
  files: endpoint({ method: 'GET', path: '/api/v2/process/get_files', summary: "Fichiers d'un processus (d'un champ)", tag, query: z.object({ process_id: target('process'), metrique_id: ref('metrique').optional() }), response: z.array(ProcessFile), access: read }),
  uploadFile: endpoint({ method: 'POST', path: '/api/v2/process/upload_file', summary: "Déposer un fichier dans un champ « dépôt de fichiers » (multipart, champ « file » ; 20 Mo au plus)", tag, query: z.object({ process_id: target('process'), metrique_id: ref('metrique', 'handler') }), response: ProcessFile, access: update }),
  downloadFile: endpoint({ method: 'GET', path: '/api/v2/process/download_file', summary: 'Télécharger un fichier déposé', tag, query: z.object({ id: PosId }), response: z.unknown(), access: read }),
  removeFile: endpoint({ method: 'DELETE', path: '/api/v2/process/remove_file', summary: 'Supprimer un fichier déposé', tag, query: z.object({ id: PosId }), response: Ok, access: update }),
  signatureRegister: endpoint({ method: 'POST', path: '/api/v2/signature/register', summary: "Signer un champ de signature (une signature par signataire et champ)", tag, body: SignatureRegister, bodyLimit: BODY_LIMITS.image, response: Signature, access: update }),
  signatureDelete: endpoint({ method: 'DELETE', path: '/api/v2/signature', summary: 'Retirer sa signature d’un champ (étape non validée)', tag, query: SignatureDelete, response: Ok, access: update }),
  events: endpoint({ method: 'GET', path: '/api/v2/process/events', summary: "Flux d'événements des processus (text/event-stream : created, updated, duplicated, deleted ; since ou Last-Event-ID pour rattraper)", tag, query: z.object({ since: z.coerce.number().int().min(0).optional() }), response: z.unknown(), access: read }),
  log: endpoint({ method: 'GET', path: '/api/etape/get_log/{processId}/{etapeId}', summary: "Journal d'une étape d'un processus (etapeId 0 : tout le processus)", tag, params: z.object({ processId: PosId, etapeId: z.coerce.number().int().min(0) }), response: z.array(JournalEntry), access: read }),
};

import { accessOn, endpoint } from '../common/endpoint.ts';
import { IdParams } from '../common/schemas.ts';
import {
  CoactiviteProcessVue,
  CosignBody,
  IncompatibiliteUpdate,
  IncompatibiliteVue,
  Matrice,
  WorkflowActivites,
  WorkflowActivitesUpdate,
} from './coactivite.schema.ts';

const tag = 'Coactivité';
const setting = accessOn('EntrepriseSetting');
const process = accessOn('Process');

/** Coactivité (ticket 15, Module A item 9): paths the spec does not give, in its /api/v2/<thing>/<verb> style. */
export const coactiviteEndpoints = {
  conflits: endpoint({
    method: 'GET',
    path: '/api/v2/coactivite/get/{id}',
    summary: 'Conflits de coactivité d’une consignation ou d’un permis : autre processus, activités, période, décision, pourquoi',
    tag,
    params: IdParams,
    response: CoactiviteProcessVue,
    access: process.read,
  }),
  cosign: endpoint({
    method: 'POST',
    path: '/api/v2/coactivite/cosign',
    summary: 'Co-signer le conflit de coactivité d’un processus avec un autre (nom, date, heure, empreinte)',
    tag,
    body: CosignBody,
    response: CoactiviteProcessVue,
    access: process.update,
  }),
  matrice: endpoint({
    method: 'GET',
    path: '/api/v2/coactivite/incompatibilite/get',
    summary: 'Matrice des incompatibilités de l’entreprise et activités de ses workflows de consignation et de permis',
    tag,
    response: Matrice,
    access: setting.read,
  }),
  incompatibiliteUpdate: endpoint({
    method: 'POST',
    path: '/api/v2/coactivite/incompatibilite/update',
    summary: 'Fixer la décision d’une paire d’activités (refus, co-signature, séquencement, ou compatibles)',
    tag,
    body: IncompatibiliteUpdate,
    response: IncompatibiliteVue.nullable(),
    access: setting.update,
  }),
  workflowActivitesUpdate: endpoint({
    method: 'POST',
    path: '/api/v2/coactivite/workflow_activite/update',
    summary: 'Fixer les activités que portent les processus d’un workflow de consignation ou de permis',
    tag,
    body: WorkflowActivitesUpdate,
    response: WorkflowActivites,
    access: setting.update,
  }),
};

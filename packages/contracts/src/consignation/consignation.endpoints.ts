import { z } from 'zod';
import { accessOn, endpoint, PICKER_READ } from '../common/endpoint.ts';
import { IdParams } from '../common/schemas.ts';
import {
  AttestationCreate,
  AvisFinTravailCreate,
  CadenasCreate,
  CadenasRemove,
  CadenasRemoveAbsent,
  ConsignationDetail,
  ConsignationTransition,
  ConsignationUpdate,
  OperationSign,
  PointCadenas,
  PointCreate,
  PointsCopy,
  RegistreCode,
  RegistreCodeUpdate,
  RegistrePage,
  RegistreQuery,
} from './consignation.schema.ts';

const tag = 'Consignations';
const setting = accessOn('EntrepriseSetting');
const processRead = accessOn('Process').read;
const processUpdate = accessOn('Process').update;

/**
 * Lockouts (Module A, ticket 15): paths the spec does not give, in its /api/v2 style. Every write answers the
 * lockout as the process screen shows it (ConsignationDetail).
 */
export const consignationEndpoints = {
  // -------------------------------------------------------------- register codes (settings « Codes du registre »)
  codes: endpoint({
    method: 'GET',
    path: '/api/v2/registre_code/get',
    summary: 'Codes du registre des consignations (CS, TSN…) : libellé, couleur, icône, terminal, état canonique',
    tag,
    response: z.array(RegistreCode),
    // The settings screen, and every screen showing a lockout's status chip.
    access: { kind: 'anyAbility', of: [...PICKER_READ.workflows.of, { action: 'read', subject: 'EntrepriseSetting' }] },
  }),
  codeUpdate: endpoint({
    method: 'PUT',
    path: '/api/v2/registre_code/update',
    summary: "Modifier un code du registre (libellé, couleur, icône, terminal, état qu'il représente)",
    tag,
    body: RegistreCodeUpdate,
    response: RegistreCode,
    access: setting.update,
  }),

  // -------------------------------------------------------------- the register
  registre: endpoint({
    method: 'GET',
    path: '/api/v2/consignation/get_by_paging',
    summary: 'Registre des consignations (offset, perPage ; code, état, type, équipement et sous-arbre, période)',
    tag,
    query: RegistreQuery,
    response: RegistrePage,
    access: processRead,
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/v2/consignation/get/{id}',
    summary: "La consignation d'un processus : état, opérations, points et cadenas, attestations, passages possibles",
    tag,
    params: IdParams,
    response: ConsignationDetail,
    access: processRead,
  }),

  // -------------------------------------------------------------- the lockout's life
  update: endpoint({
    method: 'PUT',
    path: '/api/v2/consignation/update',
    summary: 'Mode de consignation (une ou deux étapes), tant que rien n’est consigné',
    tag,
    body: ConsignationUpdate,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  transition: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/transition',
    summary: "Faire passer la consignation à un état (machine d'états ; code du registre mis à jour, journalisé)",
    tag,
    body: ConsignationTransition,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  operationSign: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/operation/sign',
    summary: 'Signer une opération (séparation, condamnation, identification, VAT, MALT/CC ; purge, vérification)',
    tag,
    body: OperationSign,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  pointsCopy: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/point/copy',
    summary: "Reprendre les points d'isolement de l'équipement (ceux déjà repris restent)",
    tag,
    body: PointsCopy,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  pointCreate: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/point/create',
    summary: "Ajouter un point d'isolement à la consignation (une fille ajoute, ne retire jamais)",
    tag,
    body: PointCreate,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  pointCadenas: endpoint({
    method: 'PUT',
    path: '/api/v2/consignation/point/cadenas',
    summary: "Poser le cadenas d'un point (son numéro) ou le retirer à la déconsignation",
    tag,
    body: PointCadenas,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  attestationCreate: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/attestation/create',
    summary: 'Signer l’attestation de consignation (ou de première étape), numérotée, datée et horodatée',
    tag,
    body: AttestationCreate,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  avisFinTravailCreate: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/avis_fin_travail/create',
    summary: "Signer l'avis de fin de travail d'une équipe",
    tag,
    body: AvisFinTravailCreate,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  cadenasCreate: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/cadenas/create',
    summary: "Poser le cadenas personnel d'un intervenant sur la boîte de consignation",
    tag,
    body: CadenasCreate,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  cadenasRemove: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/cadenas/remove',
    summary: 'Retirer son cadenas personnel',
    tag,
    body: CadenasRemove,
    response: ConsignationDetail,
    access: processUpdate,
  }),
  cadenasRemoveAbsent: endpoint({
    method: 'POST',
    path: '/api/v2/consignation/cadenas/remove_absent',
    summary: "Retirer le cadenas d'un intervenant absent (chargé de consignation, motif et témoin, signé et journalisé)",
    tag,
    body: CadenasRemoveAbsent,
    response: ConsignationDetail,
    access: processUpdate,
  }),
};

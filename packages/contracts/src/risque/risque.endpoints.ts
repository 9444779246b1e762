import { z } from 'zod';
import { accessOn, endpoint } from '../common/endpoint.ts';
import { ref } from '../common/references.ts';
import { IdParams, IdsBody, Ok } from '../common/schemas.ts';
import {
  EquipementRisque,
  EquipementRisqueAdd,
  Risque,
  RisqueCreate,
  RisqueEchelle,
  RisqueEchelleUpdate,
  RisqueFamille,
  RisqueFamilleCreate,
  RisqueFamilleUpdate,
  RisqueUpdate,
} from './risque.schema.ts';

const tag = 'Risques';
const { create, update, delete: del } = accessOn('Risque');
/** The catalogue is read on its screen, by whoever reads equipment (their risks tab) and by the `risk` field of a form. */
const read = {
  kind: 'anyAbility',
  of: [
    { action: 'read', subject: 'Risque' },
    { action: 'read', subject: 'Equipement' },
    { action: 'read', subject: 'Process' },
  ],
} as const;
/**
 * An equipment's risks follow the registry's rights: reading the registry to call them, then the caller's rights on
 * the node (read to list, update to attach or remove), checked node by node by the handler (equipment's own rights).
 */
const eqRead = accessOn('Equipement').read;
const eqWrite = eqRead;

// The spec names « v2/risk CRUD, arrange, duplicate » (S 205) without paths: these follow its v2 style (docs/DECISIONS.md).
export const risqueEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v2/risk/get',
    summary: 'Catalogue des risques (par famille, dans leur ordre)',
    tag,
    query: z.object({ familleId: ref('risqueFamille').optional() }),
    response: z.array(Risque),
    access: read,
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/v2/risk/create',
    summary: 'Créer un risque',
    tag,
    body: RisqueCreate,
    response: Risque,
    access: create,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v2/risk/update',
    summary: 'Modifier un risque',
    tag,
    body: RisqueUpdate,
    response: Risque,
    access: update,
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/api/v2/risk/delete/{id}',
    summary: 'Supprimer un risque (refusé tant que des équipements le portent)',
    tag,
    params: IdParams,
    response: Ok,
    access: del,
  }),
  arrange: endpoint({
    method: 'PUT',
    path: '/api/v2/risk/arrange',
    summary: 'Ordonner les risques',
    tag,
    body: IdsBody,
    response: Ok,
    access: update,
  }),
  duplicate: endpoint({
    method: 'POST',
    path: '/api/v2/risk/{id}/duplicate',
    summary: 'Dupliquer un risque (« (copie) », placé juste après)',
    tag,
    params: IdParams,
    response: Risque,
    access: create,
  }),
  familles: endpoint({
    method: 'GET',
    path: '/api/v2/risk_famille/get',
    summary: 'Familles de risques',
    tag,
    response: z.array(RisqueFamille),
    access: read,
  }),
  createFamille: endpoint({
    method: 'POST',
    path: '/api/v2/risk_famille/create',
    summary: 'Créer une famille de risques',
    tag,
    body: RisqueFamilleCreate,
    response: RisqueFamille,
    access: create,
  }),
  updateFamille: endpoint({
    method: 'PUT',
    path: '/api/v2/risk_famille/update',
    summary: 'Modifier une famille de risques',
    tag,
    body: RisqueFamilleUpdate,
    response: RisqueFamille,
    access: update,
  }),
  deleteFamille: endpoint({
    method: 'DELETE',
    path: '/api/v2/risk_famille/delete/{id}',
    summary: 'Supprimer une famille (refusé tant qu’elle a des risques)',
    tag,
    params: IdParams,
    response: Ok,
    access: del,
  }),
  arrangeFamilles: endpoint({
    method: 'PUT',
    path: '/api/v2/risk_famille/arrange',
    summary: 'Ordonner les familles',
    tag,
    body: IdsBody,
    response: Ok,
    access: update,
  }),
  echelle: endpoint({
    method: 'GET',
    path: '/api/v2/risk_echelle/get',
    summary: 'Échelles de gravité et de fréquence de l’entreprise',
    tag,
    response: RisqueEchelle,
    access: read,
  }),
  updateEchelle: endpoint({
    method: 'PUT',
    path: '/api/v2/risk_echelle/update',
    summary: 'Remplacer les niveaux d’une échelle (refusé si un risque dépasse la nouvelle échelle)',
    tag,
    body: RisqueEchelleUpdate,
    response: RisqueEchelle,
    access: update,
  }),
  equipementRisques: endpoint({
    method: 'GET',
    path: '/api/v2/equipement/{id}/risques',
    summary: "Risques d'un équipement : les siens et ceux hérités de ses parents",
    tag,
    params: IdParams,
    response: z.array(EquipementRisque),
    access: eqRead,
  }),
  addEquipementRisque: endpoint({
    method: 'POST',
    path: '/api/v2/equipement/{id}/risques/add',
    summary: 'Attacher un risque du catalogue à un équipement',
    tag,
    params: IdParams,
    body: EquipementRisqueAdd,
    response: EquipementRisque,
    access: eqWrite,
  }),
  removeEquipementRisque: endpoint({
    method: 'DELETE',
    path: '/api/v2/equipement/risques/delete/{id}',
    summary: "Retirer un risque d'un équipement (le lien, sur l'équipement qui le porte)",
    tag,
    params: IdParams,
    response: Ok,
    access: eqWrite,
  }),
};

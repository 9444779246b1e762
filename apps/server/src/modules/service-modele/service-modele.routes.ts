import { API, abilitiesOn, type ServiceModele, type ServiceType } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import { type Ctx, type RouteDef, route } from '../../platform/http/route.ts';
import { listServices } from './service-modele.repository.ts';
import { arrangeServices } from './use-cases/arrange-services.ts';
import { createService } from './use-cases/create-service.ts';
import { deleteService } from './use-cases/delete-service.ts';
import { updateService } from './use-cases/update-service.ts';

const S = API.serviceModele;

/** Each returned service says what the caller may do with it. */
const decorate = (caller: Caller, rows: ServiceModele[]) =>
  rows.map((s) => ({ ...s, abilities: abilitiesOn(caller.ability, 'ServiceModele', s) }));

// The create, update and delete endpoints come in three flavours, one per service type.
const create =
  (type: ServiceType) =>
  ({ tx, caller }: Ctx, { body }: { body: { libelle: string; couleur?: string | null } }) =>
    createService(tx, caller.entrepriseId, type, body);
const update =
  (type: ServiceType) =>
  ({ tx, caller }: Ctx, { body }: { body: { id: number; libelle?: string; couleur?: string | null } }) =>
    updateService(tx, caller.entrepriseId, type, body);
const remove =
  (type: ServiceType) =>
  ({ tx, caller }: Ctx, { params }: { params: { id: number } }) =>
    deleteService(tx, caller.entrepriseId, type, params.id);

export const serviceModeleRoutes: RouteDef[] = [
  route(S.list, async ({ tx, caller }, { query }) => decorate(caller, await listServices(tx, caller.entrepriseId, query.type))),
  route(S.listClient, async ({ tx, caller }) => decorate(caller, await listServices(tx, caller.entrepriseId, 'client'))),
  route(S.listEe, async ({ tx, caller }) => decorate(caller, await listServices(tx, caller.entrepriseId, 'provider'))),
  route(S.fetchByEntreprise, async ({ tx, caller, useCompany }, { params }) => {
    await useCompany(params.id);
    return decorate(caller, await listServices(tx, params.id));
  }),
  route(S.create, create('client')),
  route(S.createEe, create('provider')),
  route(S.createFournisseur, create('supplier')),
  route(S.update, update('client')),
  route(S.updateEe, update('provider')),
  route(S.updateFournisseur, update('supplier')),
  route(S.arrange, async ({ tx, caller }, { body }) => arrangeServices(tx, caller.entrepriseId, body.ids)),
  route(S.delete, remove('client')),
  route(S.deleteEe, remove('provider')),
  route(S.deleteFournisseur, remove('supplier')),
];

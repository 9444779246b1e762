import type { EndpointBody, ServiceType } from '@app/contracts';
import * as API from '@app/contracts/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { serviceModeleKeys } from './service-modele.keys.ts';

export type ServiceCreateBody = EndpointBody<typeof API.serviceModele.create>;

/** Each service type has its own create, update and delete routes (spec paths). */
const ROUTES = {
  client: { create: API.serviceModele.create, update: API.serviceModele.update, delete: API.serviceModele.delete },
  provider: { create: API.serviceModele.createEe, update: API.serviceModele.updateEe, delete: API.serviceModele.deleteEe },
  supplier: {
    create: API.serviceModele.createFournisseur,
    update: API.serviceModele.updateFournisseur,
    delete: API.serviceModele.deleteFournisseur,
  },
} as const;

/** The company's services: this screen and the pickers of other screens share one cache, refreshed together. */
function serviceModeleListQuery() {
  return queryOptions({
    queryKey: serviceModeleKeys.list,
    queryFn: ({ signal }) => callApi(API.serviceModele.list, { query: {}, signal }),
  });
}

export function useServiceModeles() {
  return useQuery(serviceModeleListQuery());
}

/** The services for a picker (users screen, step rules), cached five minutes. */
export function useServiceModeleChoices() {
  return useQuery({ ...serviceModeleListQuery(), staleTime: 5 * 60_000 });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: serviceModeleKeys.all });
}

export function useSaveServiceModele() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { type: ServiceType; id?: number; body: ServiceCreateBody }) =>
      input.id
        ? callApi(ROUTES[input.type].update, { body: { ...input.body, id: input.id } })
        : callApi(ROUTES[input.type].create, { body: input.body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useDeleteServiceModele() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ type, id }: { type: ServiceType; id: number }) => callApi(ROUTES[type].delete, { params: { id } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useArrangeServiceModeles() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(API.serviceModele.arrange, { body: { ids } }),
    onSettled: () => invalidate(),
  });
}

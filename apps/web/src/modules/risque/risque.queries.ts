import type { EndpointBody } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { risqueKeys } from './risque.keys.ts';

export type RisqueCreateBody = EndpointBody<typeof API.risque.create>;

export function useRisques() {
  return useQuery({ queryKey: risqueKeys.list, queryFn: ({ signal }) => callApi(API.risque.list, { query: {}, signal }) });
}
export function useRisqueFamilles() {
  return useQuery({ queryKey: risqueKeys.familles, queryFn: ({ signal }) => callApi(API.risque.familles, { signal }), staleTime: 60_000 });
}
export function useRisqueEchelle() {
  return useQuery({ queryKey: risqueKeys.echelle, queryFn: ({ signal }) => callApi(API.risque.echelle, { signal }), staleTime: 60_000 });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: risqueKeys.all });
}
const done = (invalidate: () => Promise<void>) => () => {
  notifySuccess();
  return invalidate();
};

export function useSaveRisque() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: number; body: RisqueCreateBody }) =>
      input.id ? callApi(API.risque.update, { body: { ...input.body, id: input.id } }) : callApi(API.risque.create, { body: input.body }),
    onSuccess: done(invalidate),
  });
}
export function useDeleteRisque() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => callApi(API.risque.delete, { params: { id } }), onSuccess: done(invalidate) });
}
export function useDuplicateRisque() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => callApi(API.risque.duplicate, { params: { id } }), onSuccess: done(invalidate) });
}
export function useArrangeRisques() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (ids: number[]) => callApi(API.risque.arrange, { body: { ids } }), onSettled: () => invalidate() });
}

/** An equipment's risks: its own and those inherited from its ancestors. */
export function useEquipementRisques(equipementId: number) {
  return useQuery({
    queryKey: risqueKeys.equipement(equipementId),
    queryFn: ({ signal }) => callApi(API.risque.equipementRisques, { params: { id: equipementId }, signal }),
  });
}
export function useAddEquipementRisque(equipementId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { risqueId: number; commentaire: string | null }) =>
      callApi(API.risque.addEquipementRisque, { params: { id: equipementId }, body }),
    onSuccess: done(invalidate),
  });
}
export function useRemoveEquipementRisque() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (linkId: number) => callApi(API.risque.removeEquipementRisque, { params: { id: linkId } }),
    onSuccess: done(invalidate),
  });
}

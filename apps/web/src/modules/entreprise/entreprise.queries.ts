import type { EndpointBody } from '@app/contracts';
import * as API from '@app/contracts/api';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { entrepriseKeys } from './entreprise.keys.ts';

export type EntrepriseCreateBody = EndpointBody<typeof API.entreprise.create>;

/** The caller's company with its partners (all companies for a super admin): this screen and the list filters share it. */
export function entrepriseListQuery() {
  return queryOptions({ queryKey: entrepriseKeys.list, queryFn: ({ signal }) => callApi(API.entreprise.list, { signal }) });
}

export function useEntreprises() {
  return useQuery(entrepriseListQuery());
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: entrepriseKeys.list });
}

export function useSaveEntreprise() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: EntrepriseCreateBody }) =>
      id ? callApi(API.entreprise.update, { body: { ...body, id } }) : callApi(API.entreprise.create, { body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useArrangeEntreprises() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (ids: number[]) => callApi(API.entreprise.arrange, { body: { ids } }),
    onError: notifyError,
    onSettled: invalidate,
  });
}

export function useDeleteEntreprise() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi(API.entreprise.delete, { params: { id } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
    onError: notifyError,
  });
}

/** Sends the one-time code to the super admin's mailbox (before a lock or unlock). */
export function useSendMasterOtp() {
  return useMutation({ mutationFn: () => callApi(API.entreprise.otpMaster), onError: notifyError });
}

export function useLockUnlock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, locked, code }: { id: number; locked: boolean; code: string }) =>
      callApi(API.entreprise.lockUnlock, { params: { id }, body: { locked, code } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

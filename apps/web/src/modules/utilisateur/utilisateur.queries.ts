import { API, type EndpointBody, type EndpointQuery } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifyDisabled, notifyError, notifySuccess } from '../../lib/notify.ts';

export type UtilisateurListQuery = EndpointQuery<typeof API.utilisateur.getByCompany>;
export type UtilisateurCreateBody = EndpointBody<typeof API.utilisateur.create>;
export type UtilisateurUpdateBody = EndpointBody<typeof API.utilisateur.update>;

export const utilisateurKeys = {
  all: ['utilisateur'] as const,
  list: (q: UtilisateurListQuery) => ['utilisateur', 'list', q] as const,
};

export function useUtilisateurs(query: UtilisateurListQuery) {
  return useQuery({
    queryKey: utilisateurKeys.list(query),
    queryFn: ({ signal }) => callApi(API.utilisateur.getByCompany, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useServices() {
  return useQuery({
    queryKey: ['serviceModele', 'list'],
    queryFn: ({ signal }) => callApi(API.serviceModele.list, { query: {}, signal }),
    staleTime: 5 * 60_000,
  });
}

export function useProfils() {
  return useQuery({
    queryKey: ['profil', 'list'],
    queryFn: ({ signal }) => callApi(API.profil.getAll, { signal }),
    staleTime: 5 * 60_000,
  });
}

function useInvalidateUsers() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: utilisateurKeys.all });
}

export function useSaveUtilisateur() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (input: { id?: number; body: UtilisateurCreateBody }) =>
      input.id
        ? callApi(API.utilisateur.update, { body: { ...input.body, id: input.id } })
        : callApi(API.utilisateur.create, { body: input.body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useSetUtilisateurEnabled() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: ({ userId, enable }: { userId: number; enable: boolean }) =>
      enable ? callApi(API.utilisateur.activate, { params: { userId } }) : callApi(API.utilisateur.deactivate, { params: { userId } }),
    onSuccess: (_user, { enable }) => {
      if (enable) notifySuccess();
      else notifyDisabled();
      return invalidate();
    },
    onError: notifyError,
  });
}

export function useDeleteUtilisateur() {
  const invalidate = useInvalidateUsers();
  return useMutation({
    mutationFn: (userId: number) => callApi(API.utilisateur.deleteComplete, { body: { user_id: userId } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
    onError: notifyError,
  });
}

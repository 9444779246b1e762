import type { EndpointBody, EndpointQuery } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifyDisabled, notifyError, notifySuccess } from '../../lib/notify.ts';
import { utilisateurKeys } from './utilisateur.keys.ts';

export type UtilisateurListQuery = EndpointQuery<typeof API.utilisateur.getByCompany>;
export type UtilisateurCreateBody = EndpointBody<typeof API.utilisateur.create>;

export function useUtilisateurs(query: UtilisateurListQuery) {
  return useQuery({
    queryKey: utilisateurKeys.list(query),
    queryFn: ({ signal }) => callApi(API.utilisateur.getByCompany, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** People of a company (id and full name), cached five minutes: one cache for every picker and filter. */
function utilisateursLightQuery(entrepriseId: number) {
  return queryOptions({
    queryKey: utilisateurKeys.light(entrepriseId),
    queryFn: ({ signal }) => callApi(API.utilisateur.listLight, { params: { id: entrepriseId }, signal }),
    staleTime: 5 * 60_000,
  });
}

/**
 * People of the company's contractors (partners of type prestataire), each with its company's name: a step may name
 * a contractor's worker as its signer (ticket 12). Empty until `partners` is known.
 */
export function useContractorPeople(partners: { entrepriseId: number; nom: string }[]) {
  return useQueries({
    queries: partners.map((p) => ({
      ...utilisateursLightQuery(p.entrepriseId),
      select: (list: { id: number; fullName: string }[]) => list.map((u) => ({ id: u.id, fullName: `${u.fullName} (${p.nom})` })),
    })),
    combine: (results) => results.flatMap((r) => r.data ?? []),
  });
}

/** People of a company, for the pickers of the step rules. */
export function useUtilisateursLight(entrepriseId: number) {
  return useQuery(utilisateursLightQuery(entrepriseId));
}

/** People of a company as select choices (value: the id), for the preparer filter of lists and boards. */
export function usePeopleChoices(entrepriseId: number) {
  return useQuery({
    ...utilisateursLightQuery(entrepriseId),
    select: (list) => list.map((u) => ({ value: String(u.id), label: u.fullName })),
  });
}

/** The people a user-mode permission matrix can be opened for (searched by the server). */
export function useUtilisateurOptions(search: string) {
  return useQuery({
    queryKey: utilisateurKeys.options(search),
    queryFn: ({ signal }) =>
      callApi(API.utilisateur.getByCompany, {
        query: { search: search.trim() || undefined, perPage: 50, sort: 'nom', order: 'asc' },
        signal,
      }),
    staleTime: 30_000,
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

import type { EndpointBody, UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { signingOut } from '../../lib/sign-out.ts';
import { authKeys } from './auth.keys.ts';
import { leaveForSignIn } from './sign-in-address.ts';

export function useValidateUser() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof API.auth.validateUser>) => callApi(API.auth.validateUser, { body }),
  });
}

/**
 * Signs out and leaves for the sign-in page, a page of its own (login.html): the full page load forgets every cached
 * query of the previous person at once.
 */
export function useLogout() {
  return useMutation({
    mutationFn: () => {
      // The live updates stream closes first: it would reconnect without a session (401) while the page leaves.
      signingOut();
      return callApi(API.auth.clearCookie);
    },
    onSettled: () => leaveForSignIn('/app'),
  });
}

export function useChangeLogiciel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof API.auth.changeLogiciel>) => callApi(API.auth.changeLogiciel, { body }),
    onSuccess: () => queryClient.invalidateQueries(),
    onError: notifyError,
  });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (profilId: number) => callApi(API.utilisateur.changeRole, { params: { id: profilId } }),
    onSuccess: async (session: UserSession) => {
      queryClient.setQueryData(authKeys.session, session);
      await queryClient.invalidateQueries();
    },
    onError: notifyError,
  });
}

export function useSaveLanguage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (languageCode: string) => callApi(API.utilisateur.saveSetting, { body: { settings: { languageCode } } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authKeys.session }),
    onError: notifyError,
  });
}

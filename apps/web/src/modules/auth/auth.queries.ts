import type { EndpointBody, UserSession } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';
import { authKeys } from './auth.keys.ts';

export function useLogin() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof API.auth.login>) => callApi(API.auth.login, { body }),
  });
}

export function useSendCode() {
  return useMutation({ mutationFn: () => callApi(API.auth.sendCode, { query: { channel: 'mail' } }) });
}

export function useValidateCode() {
  return useMutation({ mutationFn: (code: string) => callApi(API.auth.validateCode, { body: { code } }) });
}

export function useValidateUser() {
  return useMutation({
    mutationFn: (body: EndpointBody<typeof API.auth.validateUser>) => callApi(API.auth.validateUser, { body }),
  });
}

/**
 * Signs out and leaves for /login, which forgets the cached data once it is shown: clearing it while the /app screens
 * were still shown made them render without a session (React error #520 in a production build) and ask for it again.
 */
export function useLogout() {
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => callApi(API.auth.clearCookie),
    onSettled: () => navigate('/login', { replace: true }),
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

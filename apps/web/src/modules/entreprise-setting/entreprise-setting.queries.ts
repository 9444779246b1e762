import { API, type EndpointBody, type EntrepriseSettings } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { sessionKey } from '../auth/session.ts';

export const entrepriseSettingKey = ['entrepriseSetting'] as const;

export function useEntrepriseSettings() {
  return useQuery({
    queryKey: entrepriseSettingKey,
    queryFn: ({ signal }) => callApi(API.entrepriseSetting.getAll, { signal }),
  });
}

function useOnSaved() {
  const queryClient = useQueryClient();
  return async (data: EntrepriseSettings) => {
    queryClient.setQueryData(entrepriseSettingKey, data);
    notifySuccess();
    // Languages and active softwares are part of the session.
    await queryClient.invalidateQueries({ queryKey: sessionKey });
  };
}

export function useUpdateEntrepriseSetting() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof API.entrepriseSetting.updateEntreprise>) =>
      callApi(API.entrepriseSetting.updateEntreprise, { body }),
    onSuccess: onSaved,
    onError: notifyError,
  });
}

export function useUpdateEntrepriseLogiciel() {
  const onSaved = useOnSaved();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof API.entrepriseSetting.updateEntrepriseLogiciel>) =>
      callApi(API.entrepriseSetting.updateEntrepriseLogiciel, { body }),
    onSuccess: onSaved,
    onError: notifyError,
  });
}

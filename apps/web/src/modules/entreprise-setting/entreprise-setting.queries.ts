import type { EndpointBody, EntrepriseSettings } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { authKeys } from '../auth/index.ts';
import { entrepriseSettingKeys } from './entreprise-setting.keys.ts';

export function useEntrepriseSettings() {
  return useQuery({
    queryKey: entrepriseSettingKeys.all,
    queryFn: ({ signal }) => callApi(API.entrepriseSetting.getAll, { signal }),
  });
}

function useOnSaved() {
  const queryClient = useQueryClient();
  return async (data: EntrepriseSettings) => {
    queryClient.setQueryData(entrepriseSettingKeys.all, data);
    notifySuccess();
    // Languages and active softwares are part of the session.
    await queryClient.invalidateQueries({ queryKey: authKeys.session });
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

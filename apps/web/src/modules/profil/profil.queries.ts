import * as API from '@app/contracts/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { profilKeys } from './profil.keys.ts';

/** The company's client profiles, cached five minutes: one cache for every picker. */
export function useProfilChoices() {
  return useQuery({
    queryKey: profilKeys.list,
    queryFn: ({ signal }) => callApi(API.profil.getAll, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** Client profiles, or the supplier-type ones (EE). */
export function useProfilList(isEE: boolean) {
  return useQuery({
    queryKey: profilKeys.byType(isEE),
    queryFn: ({ signal }) => callApi(isEE ? API.profil.getAllEe : API.profil.getAll, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The software each profile is given. */
export function useProfilLogiciels() {
  return useQuery({
    queryKey: profilKeys.logiciels,
    queryFn: ({ signal }) => callApi(API.profil.getAllLogiciel, { signal }),
    staleTime: 5 * 60_000,
  });
}

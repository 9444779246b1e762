import * as API from '@app/contracts/api';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { useCurrentSession } from '../auth/index.ts';
import { habilitationKeys } from './habilitation.keys.ts';

/** The people of the caller's company (names for the pickers: holder of a title, person of a visit). */
export function usePeople() {
  const session = useCurrentSession();
  return useQuery({
    queryKey: habilitationKeys.people(String(session.idCompany)),
    queryFn: ({ signal }) => callApi(API.utilisateur.listLight, { params: { id: session.idCompany }, signal }),
    staleTime: 60_000,
  });
}

/** A person's name: the one a record already carries, else the company's list. */
export function usePersonName(id: number, known: string | null): string | null {
  const people = usePeople();
  if (known) return known;
  return people.data?.find((p) => p.id === id)?.fullName ?? null;
}

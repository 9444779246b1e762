import type { ConsignationDetail, EndpointBody, EndpointQuery } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { useCurrentSession } from '../auth/index.ts';
import { consignationKeys } from './consignation.keys.ts';

const C = API.consignation;
export type RegistreQuery = EndpointQuery<typeof C.registre>;
export type CodeUpdateBody = EndpointBody<typeof C.codeUpdate>;

/** The company's register codes (label, colour, icon, terminal, state): the chips of every lockout screen. */
export function useRegistreCodes() {
  return useQuery({
    queryKey: consignationKeys.codes,
    queryFn: ({ signal }) => callApi(C.codes, { signal }),
    staleTime: 60_000,
  });
}

export function useRegistre(query: RegistreQuery) {
  return useQuery({
    queryKey: consignationKeys.registre(query),
    queryFn: ({ signal }) => callApi(C.registre, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useConsignation(processId: number) {
  return useQuery({
    queryKey: consignationKeys.detail(processId),
    queryFn: ({ signal }) => callApi(C.get, { params: { id: processId }, signal }),
  });
}

/** The people of the caller's company (names for the padlock and witness pickers). */
export function usePeople(enabled = true) {
  const session = useCurrentSession();
  return useQuery({
    queryKey: consignationKeys.people(session.idCompany),
    queryFn: ({ signal }) => callApi(API.utilisateur.listLight, { params: { id: session.idCompany }, signal }),
    staleTime: 60_000,
    enabled,
  });
}

export function useUpdateCode() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CodeUpdateBody) => callApi(C.codeUpdate, { body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: consignationKeys.all }),
  });
}

/**
 * A write on a lockout: every one answers the lockout as the screen shows it, which replaces the cached one at once
 * (no second read); the register is read again, and `onChanged` tells the process screen (its state may have moved).
 */
export function useLockoutWrite<I>(processId: number, write: (input: I) => Promise<ConsignationDetail>, onChanged?: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (detail) => {
      qc.setQueryData(consignationKeys.detail(processId), detail);
      void qc.invalidateQueries({ queryKey: ['consignation', 'registre'] });
      onChanged?.();
    },
  });
}

import type { EndpointBody, EndpointQuery } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { habilitationKeys } from './habilitation.keys.ts';

const H = API.habilitation;
export type MatrixQuery = EndpointQuery<typeof H.matrix>;
export type TitreCreateBody = EndpointBody<typeof H.titreCreate>;
export type SymboleCreateBody = EndpointBody<typeof H.symboleCreate>;
export type VisiteCreateBody = EndpointBody<typeof H.visiteCreate>;
export type VisitesQuery = EndpointQuery<typeof H.visitesPage>;

/** The company's symbol catalogue (all, active or not: the editors show the inactive ones greyed). */
export function useSymboles() {
  return useQuery({
    queryKey: habilitationKeys.symboles,
    queryFn: ({ signal }) => callApi(H.symboles, { query: {}, signal }),
    staleTime: 60_000,
  });
}
export function useHabilitationSetting() {
  return useQuery({ queryKey: habilitationKeys.setting, queryFn: ({ signal }) => callApi(H.settingGet, { signal }), staleTime: 60_000 });
}
export function useMatrix(query: MatrixQuery) {
  return useQuery({
    queryKey: habilitationKeys.matrix(query),
    queryFn: ({ signal }) => callApi(H.matrix, { query, signal }),
    placeholderData: keepPreviousData,
  });
}
export function useTitres(query: EndpointQuery<typeof H.titres>, enabled = true) {
  return useQuery({ queryKey: habilitationKeys.titres(query), queryFn: ({ signal }) => callApi(H.titres, { query, signal }), enabled });
}
export function useTitre(id: number | null) {
  return useQuery({
    queryKey: habilitationKeys.titre(id ?? 0),
    queryFn: ({ signal }) => callApi(H.titre, { params: { id: id ?? 0 }, signal }),
    enabled: id !== null,
  });
}
/** Whether a person may act now under one of the codes (the check a step signature runs), with the reasons. */
export function useGate(utilisateurId: number | null, codes: string[]) {
  const joined = codes.join(',');
  return useQuery({
    queryKey: habilitationKeys.gate(utilisateurId ?? 0, joined),
    queryFn: ({ signal }) => callApi(H.gate, { query: { utilisateurId: utilisateurId ?? 0, codes: joined }, signal }),
    enabled: utilisateurId !== null && codes.length > 0,
    staleTime: 30_000,
  });
}
export function useVisitesPage(query: VisitesQuery, enabled = true) {
  return useQuery({
    queryKey: habilitationKeys.visites(query),
    queryFn: ({ signal }) => callApi(H.visitesPage, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}
export function useVisitesOf(utilisateurId: number, enabled = true) {
  return useQuery({
    queryKey: habilitationKeys.visitesOf(utilisateurId),
    queryFn: ({ signal }) => callApi(H.visites, { query: { utilisateurId }, signal }),
    enabled,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: habilitationKeys.all });
}
const done = (invalidate: () => Promise<void>) => () => {
  notifySuccess();
  return invalidate();
};

export function useSaveSymbole() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: number; body: SymboleCreateBody }) =>
      input.id ? callApi(H.symboleUpdate, { body: { ...input.body, id: input.id } }) : callApi(H.symboleCreate, { body: input.body }),
    onSuccess: done(invalidate),
  });
}
export function useSetSymboleActif() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; actif: boolean }) => callApi(H.symboleUpdate, { body: input }),
    onSuccess: done(invalidate),
  });
}
export function useSaveHabilitationSetting() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (recyclageMois: number) => callApi(H.settingUpdate, { body: { recyclageMois } }),
    onSuccess: done(invalidate),
  });
}

export function useCreateTitre() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: TitreCreateBody) => callApi(H.titreCreate, { body }), onSuccess: done(invalidate) });
}
export function useUpdateTitre() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: EndpointBody<typeof H.titreUpdate>) => callApi(H.titreUpdate, { body }),
    onSuccess: done(invalidate),
  });
}
export function useSignTitre() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id: number; as: 'employeur' | 'titulaire'; image?: string }) =>
      callApi(input.as === 'employeur' ? H.titreSignEmployeur : H.titreSignTitulaire, { body: { id: input.id, image: input.image } }),
    onSuccess: done(invalidate),
  });
}
export function useRevokeTitre() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; motif: string }) => callApi(H.titreRevoke, { body }),
    onSuccess: done(invalidate),
  });
}
export function useRenewTitre() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; dateObtention?: string }) => callApi(H.titreRenew, { body }),
    onSuccess: done(invalidate),
  });
}
export function useDeleteTitre() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (id: number) => callApi(H.titreDelete, { params: { id } }), onSuccess: done(invalidate) });
}

export function useSaveVisite() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: number; body: VisiteCreateBody }) => {
      if (!input.id) return callApi(H.visiteCreate, { body: input.body });
      const { utilisateurId: _u, ...changes } = input.body;
      return callApi(H.visiteUpdate, { body: { ...changes, id: input.id } });
    },
    onSuccess: done(invalidate),
  });
}
export function useCancelVisite() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; motif: string }) => callApi(H.visiteCancel, { body }),
    onSuccess: done(invalidate),
  });
}

import type { EndpointBody } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { gammeKeys } from './gamme.keys.ts';

export type GammeSaveBody = EndpointBody<typeof API.gamme.save>;
export type PointCreateBody = EndpointBody<typeof API.gamme.pointCreate>;
export type PointUpdateBody = EndpointBody<typeof API.gamme.pointUpdate>;
export type ManoeuvreCreateBody = EndpointBody<typeof API.gamme.manoeuvreCreate>;
export type ManoeuvreUpdateBody = EndpointBody<typeof API.gamme.manoeuvreUpdate>;
export type CapturedValuesBody = EndpointBody<typeof API.gamme.setCapturedValues>;

/** The company's gammes, of one software (logiciel_id) or of all (null). */
export function useGammes(logicielId: number | null = null) {
  return useQuery({
    queryKey: gammeKeys.list(logicielId),
    queryFn: ({ signal }) => callApi(API.gamme.list, { query: logicielId === null ? {} : { logiciel_id: logicielId }, signal }),
  });
}

/** The points of a gamme, by idx (with the previous reading when the equipment shows it). */
export function useGammePoints(gammeId: number, enabled = true) {
  return useQuery({
    queryKey: gammeKeys.points(gammeId),
    queryFn: ({ signal }) => callApi(API.gamme.points, { params: { id: gammeId }, signal }),
    enabled: enabled && gammeId > 0,
  });
}

function useInvalidate(key: readonly unknown[] = gammeKeys.all) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: key });
}

export function useSaveGamme() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: GammeSaveBody) => callApi(API.gamme.save, { body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useDeleteGamme() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi(API.gamme.delete, { params: { id } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

/** Writes on the points of one gamme: each refreshes the gamme's points (and the counts of the list). */
export function useSavePoint(gammeId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { create: PointCreateBody } | { update: PointUpdateBody }) =>
      'create' in input ? callApi(API.gamme.pointCreate, { body: input.create }) : callApi(API.gamme.pointUpdate, { body: input.update }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
    meta: { gammeId },
  });
}

export function useMovePoint(gammeId: number) {
  const invalidate = useInvalidate(gammeKeys.points(gammeId));
  return useMutation({
    mutationFn: ({ id, idx }: { id: number; idx: number }) => callApi(API.gamme.pointMove, { params: { id }, body: { idx } }),
    onSettled: () => invalidate(),
  });
}

export function useDeletePoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi(API.gamme.pointDelete, { params: { id } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

// ---------------------------------------------------------------- manoeuvres

export function useEtatsManoeuvre(gammeId: number) {
  return useQuery({
    queryKey: gammeKeys.etats(gammeId),
    queryFn: ({ signal }) => callApi(API.gamme.etats, { params: { id: gammeId }, signal }),
    enabled: gammeId > 0,
  });
}

/** The states are shared by the company's sheets: any change refreshes every sheet's states and lines. */
function useEtatMutation<V, R>(fn: (v: V) => Promise<R>, notify = true) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      if (notify) notifySuccess();
    },
    onSettled: () => invalidate(),
  });
}

export function useSaveEtat() {
  return useEtatMutation((v: { id?: number; gammeId: number | null; libelle: string; couleur: string | null }) =>
    v.id
      ? callApi(API.gamme.etatUpdate, { body: { id: v.id, libelle: v.libelle, couleur: v.couleur } })
      : callApi(API.gamme.etatCreate, { body: { gammeId: v.gammeId, libelle: v.libelle, couleur: v.couleur } }),
  );
}

export function useRemoveEtat() {
  return useEtatMutation((id: number) => callApi(API.gamme.etatRemove, { body: { id } }));
}

export function useArrangeEtats() {
  return useEtatMutation((ids: number[]) => callApi(API.gamme.etatArrange, { body: { ids } }), false);
}

export function useManoeuvreModele(gammeId: number) {
  return useQuery({
    queryKey: gammeKeys.manoeuvreModele(gammeId),
    queryFn: ({ signal }) => callApi(API.gamme.manoeuvreModele, { params: { id: gammeId }, signal }),
    enabled: gammeId > 0,
  });
}

export function useManoeuvrePage(gammeId: number, page: number, perPage: number) {
  return useQuery({
    queryKey: gammeKeys.manoeuvrePage(gammeId, page, perPage),
    queryFn: ({ signal }) => callApi(API.gamme.manoeuvrePage, { query: { gammeId, page, perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled: gammeId > 0,
  });
}

export function useSaveManoeuvre(gammeId: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { create: ManoeuvreCreateBody } | { update: ManoeuvreUpdateBody }) =>
      'create' in input
        ? callApi(API.gamme.manoeuvreCreate, { params: { gammeId }, body: input.create })
        : callApi(API.gamme.manoeuvreUpdate, { body: input.update }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useDeleteManoeuvre() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi(API.gamme.manoeuvreDelete, { params: { id } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

// ---------------------------------------------------------------- readings

/** Sends a whole round once; the ids the device generated make a resend after a network failure harmless. */
export function useSendRound() {
  const invalidate = useInvalidate(gammeKeys.all);
  return useMutation({
    mutationFn: (body: CapturedValuesBody) => callApi(API.gamme.setCapturedValues, { body }),
    onSuccess: () => invalidate(),
  });
}

export function useReleveHistory(equipementId: number, page: number, perPage = 20) {
  return useQuery({
    queryKey: gammeKeys.history(equipementId, page),
    queryFn: ({ signal }) => callApi(API.gamme.history, { query: { equipementId, page, perPage }, signal }),
    placeholderData: keepPreviousData,
    enabled: equipementId > 0,
  });
}

export function useCancelReleve() {
  const invalidate = useInvalidate(gammeKeys.releves);
  return useMutation({
    mutationFn: ({ id, motif }: { id: number; motif: string }) => callApi(API.gamme.historyDelete, { params: { id }, query: { motif } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

import { buildPath, type EndpointBody, type Localisation } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { uploadFile } from '../../lib/upload.ts';
import { localisationKeys } from './localisation.keys.ts';

export type LocalisationCreateBody = EndpointBody<typeof API.localisation.create>;
export type LocalisationUpdateBody = EndpointBody<typeof API.localisation.update>;

/** The company's locations with their markers. */
export function useLocalisations() {
  return useQuery({
    queryKey: localisationKeys.list,
    queryFn: ({ signal }) => callApi(API.localisation.list, { signal }),
  });
}

/** The equipment placed on a location's plan (only for whoever reads the registry). */
export function useEquipementsOnLocation(id: number | null, enabled: boolean) {
  return useQuery({
    queryKey: localisationKeys.equipements(id ?? 0),
    queryFn: ({ signal }) => callApi(API.equipement.byLocation, { params: { id: id ?? 0 }, signal }),
    enabled: enabled && id !== null,
  });
}

/** The address of a location's plan image (changes with each new image, so the browser loads it again). */
export function planUrlOf(l: Pick<Localisation, 'id' | 'image'>): string | null {
  if (!l.image) return null;
  return `${buildPath(API.localisation.image.path, { id: l.id })}?v=${encodeURIComponent(l.image.uploadedAt)}`;
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: localisationKeys.all });
}

export function useSaveLocalisation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (input: { id?: number; body: LocalisationCreateBody }) =>
      input.id
        ? callApi(API.localisation.update, { body: { ...input.body, id: input.id } })
        : callApi(API.localisation.create, { body: input.body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

/** Saves the markers of a location (with the version read: a stale one is refused). */
export function useSaveMarkers() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Pick<LocalisationUpdateBody, 'id' | 'version' | 'markers'>) => callApi(API.localisation.update, { body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useDeleteLocalisation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => callApi(API.localisation.delete, { params: { id } }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

export function useUploadPlan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) =>
      uploadFile<Localisation>(buildPath(API.localisation.uploadImage.path, { id }), file),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

/** An equipment's detail, for its place on a plan (marker and version). */
export function useEquipementPlace(equipementId: number) {
  return useQuery({
    queryKey: localisationKeys.equipement(equipementId),
    queryFn: ({ signal }) => callApi(API.equipement.get, { params: { id: equipementId }, query: {}, signal }),
  });
}

/** Saves an equipment's location and marker through the equipment's update (its version: 409 when stale). */
export function useSaveEquipementPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; version: number; localisationId: number | null; x: number | null; y: number | null }) =>
      callApi(API.equipement.update, {
        body: { id: input.id, version: input.version, marker: { localisationId: input.localisationId, x: input.x, y: input.y } },
      }),
    onSuccess: () => {
      notifySuccess();
      // The equipment's own screens read it under their keys: every query naming equipment is refreshed.
      return queryClient.invalidateQueries({
        predicate: (q) => q.queryKey[0] === 'localisation' || q.queryKey[0] === 'equipement',
      });
    },
  });
}

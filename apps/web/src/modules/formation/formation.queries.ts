import type { EndpointBody } from '@app/contracts';
import * as API from '@app/contracts/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifySuccess } from '../../lib/notify.ts';
import { formationKeys } from './formation.keys.ts';

export type FormationSaveBody = EndpointBody<typeof API.formation.save>;

/** The company's trainings, newest first, a page at a time. */
export function useFormationPage(offset: number, perPage: number) {
  return useQuery({
    queryKey: formationKeys.page(offset, perPage),
    queryFn: ({ signal }) => callApi(API.formation.page, { query: { offset, perPage }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: formationKeys.all });
}

export function useSaveFormation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: FormationSaveBody) => callApi(API.formation.save, { body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

/** Cancels a training entered by mistake (kept, with the reason). */
export function useCancelFormation() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: number; motif: string }) => callApi(API.formation.cancel, { body }),
    onSuccess: () => {
      notifySuccess();
      return invalidate();
    },
  });
}

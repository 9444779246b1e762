import * as API from '@app/contracts/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callApi } from '../../lib/api.ts';
import { notifyError } from '../../lib/notify.ts';

/**
 * After entering or leaving a company every cached answer belongs to the other scope: the app goes to /app and
 * every query is reset (the session, hence the menu and the banner, is read again; the rest on the next screen).
 */
function useChangeOfCompany() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    await navigate('/app');
    await queryClient.resetQueries();
  };
}

/** Enters a client company (super admin): the session acts in it until « Quitter » or sign-out. */
export function useEnterSupport() {
  const changed = useChangeOfCompany();
  return useMutation({
    mutationFn: (entrepriseId: number) => callApi(API.support.enter, { body: { entrepriseId } }),
    onSuccess: changed,
  });
}

/** Leaves support mode: back to the super admin's own company. */
export function useLeaveSupport() {
  const changed = useChangeOfCompany();
  return useMutation({
    mutationFn: () => callApi(API.support.leave),
    onSuccess: changed,
    onError: notifyError,
  });
}

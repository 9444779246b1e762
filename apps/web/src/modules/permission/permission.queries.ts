import type { EndpointBody, EndpointResponse } from '@app/contracts';
import * as API from '@app/contracts/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../lib/api.ts';
import { notifyError, notifySuccess } from '../../lib/notify.ts';
import { authKeys } from '../auth/index.ts';
import { permissionKeys } from './permission.keys.ts';

export type MenuItemRow = EndpointResponse<typeof API.permission.menu>[number];
export type PermissionEntry = EndpointResponse<typeof API.permission.list>[number];
export type PermissionTarget = EndpointBody<typeof API.permission.bulkCreate>['permissions'][number];
export type MenuArrangeItem = EndpointBody<typeof API.permission.menuArrange>['items'][number];

/** Whose rights the matrix edits: a profile, or one user (who also inherits from their profile). */
export type Holder = { kind: 'profil'; profilId: number } | { kind: 'user'; userId: number; profilId: number | null };

const flag = (b: boolean) => (b ? 'true' : 'false');

export function useMenu(isEE: boolean) {
  return useQuery({
    queryKey: permissionKeys.menu(isEE),
    queryFn: ({ signal }) => callApi(API.permission.menu, { query: { isEE: flag(isEE) }, signal }),
  });
}

/** Permission entries on menu items for one holder: for a user, their own entries plus their profile's. */
export function usePermissionEntries(holder: Holder | null, isEE: boolean) {
  const profilId = holder?.profilId ?? undefined;
  const userId = holder?.kind === 'user' ? holder.userId : undefined;
  const profil = useQuery({
    queryKey: permissionKeys.entries(isEE, { profilId }),
    queryFn: ({ signal }) => callApi(API.permission.list, { query: { type: 'menuItem', isEE: flag(isEE), profilId }, signal }),
    enabled: profilId !== undefined,
  });
  const user = useQuery({
    queryKey: permissionKeys.entries(isEE, { utilisateurId: userId }),
    queryFn: ({ signal }) => callApi(API.permission.list, { query: { type: 'menuItem', isEE: flag(isEE), utilisateurId: userId }, signal }),
    enabled: userId !== undefined,
  });
  const parts = [profilId !== undefined ? profil : null, userId !== undefined ? user : null].filter((q) => q !== null);
  return {
    // A profile query may also return entries of users of that profile: keep the profile's own ones.
    data: parts.every((q) => q.data)
      ? [
          ...(profil.data ?? []).filter((e) => e.utilisateurId === null),
          ...(userId !== undefined ? (user.data ?? []).filter((e) => e.utilisateurId === userId) : []),
        ]
      : undefined,
    isPending: parts.some((q) => q.isPending),
    isError: parts.some((q) => q.isError),
    error: parts.find((q) => q.error)?.error ?? null,
    refetch: () => Promise.all(parts.map((q) => q.refetch())),
  };
}

/**
 * Saves permission entries: an upsert of the given targets, or the deletion of an entry whose flags all went
 * back to "inherit". The session is refetched too: the signed-in user's own menu and ability may change.
 */
export function useSavePermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { upsert: PermissionTarget[]; deleteIds: number[] }) => {
      for (const id of input.deleteIds) await callApi(API.permission.delete, { params: { id } });
      if (input.upsert.length > 0) await callApi(API.permission.bulkCreate, { body: { permissions: input.upsert } });
    },
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: permissionKeys.all });
      await queryClient.invalidateQueries({ queryKey: authKeys.session });
    },
    onError: notifyError,
  });
}

export function useArrangeMenu(isEE: boolean) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: MenuArrangeItem[]) => callApi(API.permission.menuArrange, { body: { items } }),
    onSuccess: async (menu) => {
      queryClient.setQueryData(permissionKeys.menu(isEE), menu);
      notifySuccess();
      // The navbar comes from the session's menu: refetch it so the change shows at once.
      await queryClient.invalidateQueries({ queryKey: authKeys.session });
      await queryClient.invalidateQueries({ queryKey: permissionKeys.menus });
    },
    onError: notifyError,
  });
}

import type { PermissionUpdate } from '@app/contracts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { bumpPermissionVersion, type PermissionRow, updatePermissionRow } from '../permission.repository.ts';
import { keepingAPermissionManager } from './keep-a-permission-manager.ts';

/** Changes the flags or conditions of an entry of the company, under the last-admin rule. */
export async function updatePermission(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof PermissionUpdate>): Promise<PermissionRow> {
  const { tx, caller } = ctx;
  const saved = await keepingAPermissionManager(tx, caller.entrepriseId, () =>
    updatePermissionRow(tx, caller.entrepriseId, body.id, {
      ...(body.permissions ? { permissions: body.permissions } : {}),
      ...(body.conditions ? { conditions: body.conditions } : {}),
    }),
  );
  if (!saved) throw notFound('Permission introuvable.');
  await bumpPermissionVersion(tx, caller.entrepriseId);
  return saved;
}

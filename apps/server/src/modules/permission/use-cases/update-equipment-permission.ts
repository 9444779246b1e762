import type { EquipmentPermissionUpdate } from '@app/contracts';
import type { z } from 'zod';
import { notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { type EquipmentPermissionRow, updateEquipmentPermissionRow } from '../equipment-permission.repository.ts';
import { bumpPermissionVersion } from '../permission.repository.ts';

/** Changes the flags of an equipment permission of the company; rights are recomputed at the next request. */
export async function updateEquipmentPermission(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: z.output<typeof EquipmentPermissionUpdate>,
): Promise<EquipmentPermissionRow> {
  const row = await updateEquipmentPermissionRow(ctx.tx, ctx.caller.entrepriseId, body.id, body.permissions);
  if (!row) throw notFound('Permission introuvable.');
  await bumpPermissionVersion(ctx.tx, ctx.caller.entrepriseId);
  return row;
}

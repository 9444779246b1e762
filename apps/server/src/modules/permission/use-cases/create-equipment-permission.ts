import type { EquipmentPermissionCreate } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { type EquipmentPermissionRow, insertEquipmentPermission } from '../equipment-permission.repository.ts';
import { bumpPermissionVersion } from '../permission.repository.ts';

/** Adds an equipment permission of a profile or a person; rights are recomputed at the next request. */
export async function createEquipmentPermission(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: z.output<typeof EquipmentPermissionCreate>,
): Promise<EquipmentPermissionRow> {
  const row = await insertEquipmentPermission(ctx.tx, ctx.caller.entrepriseId, body);
  await bumpPermissionVersion(ctx.tx, ctx.caller.entrepriseId);
  return row;
}

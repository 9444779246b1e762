import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { equipmentPermission } from './permission.tables.ts';

/** Equipment permissions: a set of their own, beside the entries (their order is rewritten by arrangeRows). */
export type EquipmentPermissionRow = typeof equipmentPermission.$inferSelect;

/** The equipment permissions of the company (isEE: only that list), in their order. */
export async function listEquipmentPermissions(tx: Tx, entrepriseId: number, isEE?: boolean): Promise<EquipmentPermissionRow[]> {
  return tx
    .select()
    .from(equipmentPermission)
    .where(and(eq(equipmentPermission.entrepriseId, entrepriseId), isEE === undefined ? undefined : eq(equipmentPermission.isEe, isEE)))
    .orderBy(equipmentPermission.idx, equipmentPermission.id);
}

export async function insertEquipmentPermission(
  tx: Tx,
  entrepriseId: number,
  v: { equipementId: number | null; profilId?: number | null; utilisateurId?: number | null; isEE: boolean; permissions: object },
): Promise<EquipmentPermissionRow> {
  const [row] = await tx
    .insert(equipmentPermission)
    .values({
      entrepriseId,
      equipementId: v.equipementId,
      profilModeleId: v.profilId ?? null,
      utilisateurId: v.utilisateurId ?? null,
      isEe: v.isEE,
      permissions: v.permissions,
    })
    .returning();
  return row;
}

export async function updateEquipmentPermissionRow(
  tx: Tx,
  entrepriseId: number,
  id: number,
  permissions: object,
): Promise<EquipmentPermissionRow | null> {
  const [row] = await tx
    .update(equipmentPermission)
    .set({ permissions })
    .where(and(eq(equipmentPermission.id, id), eq(equipmentPermission.entrepriseId, entrepriseId)))
    .returning();
  return row ?? null;
}

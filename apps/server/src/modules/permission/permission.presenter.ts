import { abilitiesOn, type Permission, type PermissionType } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import type { MenuRow } from '../../platform/auth/rights.ts';
import type { EquipmentPermissionRow } from './equipment-permission.repository.ts';
import type { PermissionRow } from './permission.repository.ts';

export const presentPermission = (r: PermissionRow): Permission => ({
  id: r.id,
  type: r.type as PermissionType,
  itemId: r.itemId,
  profilId: r.profilModeleId,
  utilisateurId: r.utilisateurId,
  isEE: r.isEe,
  permissions: r.permissions as Permission['permissions'],
  conditions: r.conditions as Record<string, unknown>,
  idx: r.idx,
});

export const presentEquipmentPermission = (r: EquipmentPermissionRow) => ({
  id: r.id,
  equipementId: r.equipementId,
  profilId: r.profilModeleId,
  utilisateurId: r.utilisateurId,
  isEE: r.isEe,
  permissions: r.permissions as Record<string, boolean | null>,
  idx: r.idx,
});

/** The menu as the menu and permission screens show it (isEE: that list only), with the caller's abilities on it. */
export function presentMenu(rows: MenuRow[], caller: Caller, isEE?: boolean) {
  const abilities = abilitiesOn(caller.ability, 'MenuItem', { entrepriseId: caller.entrepriseId });
  return rows.filter((m) => isEE === undefined || m.isEE === isEE).map((m) => ({ ...m, abilities }));
}

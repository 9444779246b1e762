import { abilitiesOn, instance, type Localisation } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';

/**
 * The locations a caller sees, each saying what the caller may do with it. Whoever reads equipment reads every
 * location (the equipment's place); otherwise the caller's rights on each location (a creator's item grant) decide.
 */
export function presentLocalisations(caller: Caller, rows: Localisation[]): Localisation[] {
  const readsEquipement = caller.ability.can('read', instance('Equipement', { entrepriseId: caller.entrepriseId }));
  return rows
    .filter((l) => readsEquipement || caller.ability.can('read', instance('Localisation', { id: l.id, entrepriseId: l.entrepriseId })))
    .map((l) => ({ ...l, abilities: abilitiesOn(caller.ability, 'Localisation', { id: l.id, entrepriseId: l.entrepriseId }) }));
}

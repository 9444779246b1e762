import { abilitiesOn, type Utilisateur } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';

/** Each returned person says what the caller may do with them. */
export const withAbilities =
  (caller: Caller) =>
  (u: Utilisateur): Utilisateur => ({ ...u, abilities: abilitiesOn(caller.ability, 'Utilisateur', u) });

export const presentUsers = (caller: Caller, rows: Utilisateur[]) => rows.map(withAbilities(caller));

/** A person in the light lists: name only. */
export const presentName = (u: { id: number; nom: string; prenom: string }) => ({
  id: u.id,
  nom: u.nom,
  prenom: u.prenom,
  fullName: `${u.prenom} ${u.nom}`,
});

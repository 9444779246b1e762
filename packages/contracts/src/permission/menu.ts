import type { MenuItem } from '../auth/auth.schema.ts';
import type { Action, AppAbility, Subject } from './ability.ts';

interface MenuDef extends Omit<MenuItem, 'idx'> {
  /** What the user must be allowed to see the entry. */
  needs: [Action, Subject];
}

/**
 * Menu entries of the administration area, in order. Software-specific entries join this list as their
 * modules land; the menu tree becomes editable per software with the permission issue.
 */
export const MENU: MenuDef[] = [
  { id: 'accueil', slug: 'accueil', libelle: 'Accueil', parentId: null, logiciel: null, needs: ['read', 'Entreprise'] },
  { id: 'utilisateurs', slug: 'utilisateurs', libelle: 'Utilisateurs', parentId: null, logiciel: null, needs: ['read', 'Utilisateur'] },
  { id: 'parametres', slug: 'parametres', libelle: "Paramètres de l'entreprise", parentId: null, logiciel: null, needs: ['update', 'EntrepriseSetting'] },
  { id: 'entreprises', slug: 'entreprises', libelle: 'Entreprises', parentId: null, logiciel: null, needs: ['manage', 'Entreprise'] },
];

/** The menu entries an ability may read, for the session's menuItems. */
export function menuFor(ability: AppAbility): MenuItem[] {
  return MENU.filter((m) => ability.can(m.needs[0], m.needs[1])).map(({ needs: _needs, ...m }, idx) => ({ ...m, idx }));
}

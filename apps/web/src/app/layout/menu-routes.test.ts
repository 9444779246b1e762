import { describe, expect, it } from 'vitest';
import { isActive, menuTree, routeOfSlug } from './menu-routes.ts';

describe('menu', () => {
  it('maps known slugs to their screens and others to /app/<slug>', () => {
    expect(routeOfSlug('accueil')).toBe('/app');
    expect(routeOfSlug('utilisateurs')).toBe('/app/utilisateurs');
    expect(routeOfSlug('tableaux')).toBe('/app/tableaux');
    expect(routeOfSlug('consignations')).toBe('/app/consignations');
  });

  it('orders by idx, nests children and keeps entries of the active software', () => {
    const tree = menuTree(
      [
        { id: 'b', slug: 'b', libelle: 'B', parentId: null, idx: 2, logiciel: null },
        { id: 'a', slug: 'a', libelle: 'A', parentId: null, idx: 1, logiciel: null },
        { id: 'c', slug: 'c', libelle: 'C', parentId: 'b', idx: 3, logiciel: 'mc' },
        { id: 'd', slug: 'd', libelle: 'D', parentId: null, idx: 4, logiciel: 'permis' },
      ],
      'mc',
    );
    expect(tree.map((n) => n.id)).toEqual(['a', 'b']);
    expect(tree[1].children.map((n) => n.id)).toEqual(['c']);
  });

  it('leaves out a folder without readable entries and marks a folder active around its page', () => {
    const tree = menuTree(
      [
        { id: '1', slug: 'administration', libelle: 'Administration', parentId: null, idx: 1, logiciel: null },
        { id: '2', slug: 'permissions', libelle: 'Permissions', parentId: '1', idx: 0, logiciel: null },
        { id: '3', slug: 'administration', libelle: 'Vide', parentId: null, idx: 2, logiciel: null },
      ],
      'mc',
    );
    expect(tree.map((n) => n.libelle)).toEqual(['Administration']);
    expect(isActive(tree[0], '/app/permissions')).toBe(true);
    expect(isActive(tree[0], '/app/menu')).toBe(false);
    expect(routeOfSlug('menu')).toBe('/app/menu');
  });
});

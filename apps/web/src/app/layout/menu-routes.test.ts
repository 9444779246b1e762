import { describe, expect, it } from 'vitest';
import { isActive, mayOpen, menuPathOf, menuTree, routeOfSlug, slugsOfPath } from './menu-routes.ts';

describe('menu', () => {
  it('maps known slugs to their screens, the lists to their list, and others to nothing', () => {
    expect(routeOfSlug('accueil')).toBe('/app');
    expect(routeOfSlug('utilisateurs')).toBe('/app/utilisateurs');
    expect(routeOfSlug('tableaux')).toBe('/app/tableaux');
    expect(routeOfSlug('mes-consignations')).toBe('/app/listes/MES_CONSIGNATIONS');
    expect(routeOfSlug('mon-pdp')).toBe('/app/listes/MON_PDP');
    expect(routeOfSlug('permis-ee')).toBe('/app/listes/PERMIS');
    expect(routeOfSlug('groupes')).toBeNull();
    expect(routeOfSlug('consignations')).toBeNull();
    expect(routeOfSlug('constructor')).toBeNull();
  });

  it('leaves out entries without a screen', () => {
    const tree = menuTree(
      [
        { id: '1', slug: 'accueil', libelle: 'Accueil', parentId: null, idx: 0, logiciel: null },
        { id: '2', slug: 'plannings', libelle: 'Plannings', parentId: null, idx: 1, logiciel: null },
        { id: '3', slug: 'mes-consignations', libelle: 'Mes consignations', parentId: null, idx: 2, logiciel: 'mc' },
        { id: '4', slug: 'permis', libelle: 'Permis', parentId: null, idx: 3, logiciel: 'permis' },
      ],
      'mc',
    );
    expect(tree.map((n) => n.slug)).toEqual(['accueil', 'mes-consignations']);
    expect(isActive(tree[1], '/app/listes/MES_CONSIGNATIONS')).toBe(true);
  });

  it('makes the list a process was opened from the active entry; a process opened directly belongs to « Processus »', () => {
    const tree = menuTree(
      [
        { id: '1', slug: 'processus', libelle: 'Processus', parentId: null, idx: 0, logiciel: null },
        { id: '2', slug: 'mes-consignations', libelle: 'Mes consignations', parentId: null, idx: 1, logiciel: null },
      ],
      null,
    );
    const fromList = menuPathOf('/app/processus/12', { from: '/app/listes/MES_CONSIGNATIONS?equipement=pompe' });
    expect(fromList).toBe('/app/listes/MES_CONSIGNATIONS');
    expect(tree.map((n) => isActive(n, fromList))).toEqual([false, true]);
    const direct = menuPathOf('/app/processus/12', null);
    expect(tree.map((n) => isActive(n, direct))).toEqual([true, false]);
    expect(menuPathOf('/app/processus/12', { from: 'https://ailleurs.example/' })).toBe('/app/processus/12');
    expect(menuPathOf('/app/processus', { from: '/app/listes/PERMIS' })).toBe('/app/processus');
  });

  it('orders by idx, nests children and keeps entries of the active software', () => {
    const tree = menuTree(
      [
        { id: 'b', slug: 'administration', libelle: 'B', parentId: null, idx: 2, logiciel: null },
        { id: 'a', slug: 'accueil', libelle: 'A', parentId: null, idx: 1, logiciel: null },
        { id: 'c', slug: 'utilisateurs', libelle: 'C', parentId: 'b', idx: 3, logiciel: 'mc' },
        { id: 'd', slug: 'processus', libelle: 'D', parentId: null, idx: 4, logiciel: 'permis' },
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

  // [path, slugs of the person's menu, may open]
  const GUARD: [string, string[], boolean][] = [
    ['/app', [], true],
    ['/app/', ['accueil-ee'], true],
    ['/app/utilisateurs', ['accueil', 'processus'], false],
    ['/app/utilisateurs', ['utilisateurs'], true],
    ['/app/workflows/12', ['processus'], false],
    ['/app/workflows/12', ['workflows'], true],
    ['/app/parametres', ['processus', 'tableaux'], false],
    ['/app/menu', ['permissions'], false],
    ['/app/processus', ['processus'], true],
    ['/app/processus', ['permis-ee'], false],
    ['/app/processus/4', ['permis-ee'], true],
    ['/app/listes/PERMIS', ['permis-ee'], true],
    ['/app/listes/MON_PDP', ['permis-ee'], false],
    ['/app/listes/MES_CONSIGNATIONS', ['mes-consignations'], true],
    ['/app/listes', ['mes-consignations'], true],
    ['/app/listes', ['processus'], false],
    ['/app/tableaux/3', ['tableaux'], true],
    ['/app/entreprises', ['processus'], false],
    // No screen: the router says « Page introuvable », not « Accès refusé ».
    ['/app/xyz', [], true],
  ];
  it.each(GUARD)('%s with %j -> %s', (path, slugs, allowed) => {
    expect(mayOpen(path, new Set(slugs))).toBe(allowed);
  });

  it('names no slug for the home and unknown addresses', () => {
    expect(slugsOfPath('/app')).toBeNull();
    expect(slugsOfPath('/app/nimporte/quoi')).toBeNull();
    expect(slugsOfPath('/app/utilisateurs/')).toEqual(['utilisateurs']);
    // A list that does not exist is not refused: its page says so.
    expect(slugsOfPath('/app/listes/NIMPORTE')).toBeNull();
  });

  it('routes the gammes screens from their entries (ticket 13): the round needs « Saisie de relevés »', () => {
    expect(routeOfSlug('gammes')).toBe('/app/gammes');
    expect(routeOfSlug('manoeuvres')).toBe('/app/manoeuvres');
    expect(routeOfSlug('saisie-releves')).toBe('/app/releves');
    expect(slugsOfPath('/app/gammes/4')).toEqual(['gammes']);
    expect(slugsOfPath('/app/manoeuvres/4')).toEqual(['manoeuvres']);
    expect(slugsOfPath('/app/releves/4')).toEqual(['saisie-releves']);
    expect(mayOpen('/app/releves/4', new Set(['gammes']))).toBe(false);
  });
});

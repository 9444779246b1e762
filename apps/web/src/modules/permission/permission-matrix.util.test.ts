import type { PermissionEntryLike } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { allInherit, applyFlags, cellState, flattenMenu, nextTriState, ownEntry } from './permission-matrix.util.ts';

// Menu: 1 Accueil, 2 Administration > 3 Utilisateurs, 4 Services.
const menu = [
  { id: 3, parentId: 2, idx: 0 },
  { id: 1, parentId: null, idx: 0 },
  { id: 4, parentId: 2, idx: 1 },
  { id: 2, parentId: null, idx: 1 },
];
const PROFIL = 7;
const USER = 42;
const profil = (itemId: number, permissions: PermissionEntryLike['permissions']): PermissionEntryLike => ({
  itemId,
  profilId: PROFIL,
  utilisateurId: null,
  permissions,
});
const user = (itemId: number, permissions: PermissionEntryLike['permissions']): PermissionEntryLike => ({
  itemId,
  profilId: null,
  utilisateurId: USER,
  permissions,
});
const asProfil = { userId: null, profilId: PROFIL };
const asUser = { userId: USER, profilId: PROFIL };

describe('flattenMenu', () => {
  it('orders depth-first by idx, with depth and the ancestor chain', () => {
    expect(flattenMenu(menu).map((r) => [r.item.id, r.depth, r.chain])).toEqual([
      [1, 0, [1]],
      [2, 0, [2]],
      [3, 1, [3, 2]],
      [4, 1, [4, 2]],
    ]);
  });
});

describe('cellState (profile mode)', () => {
  const entries = [profil(2, { manage: true }), profil(3, { update: false }), profil(4, { read: true })];
  const table: [string, number[], 'manage' | 'create' | 'read' | 'update' | 'delete', ReturnType<typeof cellState>][] = [
    ['explicit deny on the item', [3, 2], 'update', { value: false, own: false, source: { kind: 'explicit' } }],
    ['inherited from the parent (manage)', [3, 2], 'read', { value: true, own: null, source: { kind: 'parent', itemId: 2 } }],
    ['explicit grant', [4, 2], 'read', { value: true, own: true, source: { kind: 'explicit' } }],
    ['own manage flag answers its actions', [2], 'delete', { value: true, own: null, source: { kind: 'manage' } }],
    ['explicit manage', [2], 'manage', { value: true, own: true, source: { kind: 'explicit' } }],
    ['manage without own flag is computed', [3, 2], 'manage', { value: false, own: null, source: { kind: 'computed' } }],
    ['nothing anywhere: no right', [1], 'read', { value: false, own: null, source: { kind: 'default' } }],
  ];
  it.each(table)('%s', (_name, chain, action, expected) => {
    expect(cellState(entries, chain, asProfil, action)).toEqual(expected);
  });
});

describe('cellState (user mode)', () => {
  const entries = [profil(3, { read: true, update: true }), user(2, { update: false }), user(4, { delete: true })];
  it("the user's entry on a parent beats the profile's on the item", () => {
    expect(cellState(entries, [3, 2], asUser, 'update')).toEqual({ value: false, own: null, source: { kind: 'parent', itemId: 2 } });
  });
  it("falls back to the profile's entries", () => {
    expect(cellState(entries, [3, 2], asUser, 'read')).toEqual({ value: true, own: null, source: { kind: 'profil', itemId: 3 } });
  });
  it("only the user's own entry is explicit", () => {
    expect(cellState(entries, [4, 2], asUser, 'delete').source).toEqual({ kind: 'explicit' });
    expect(cellState(entries, [3, 2], asUser, 'read').own).toBeNull();
  });
  it('finds the own entry of the holder only', () => {
    expect(ownEntry(entries, 3, asUser)).toBeUndefined();
    expect(ownEntry(entries, 3, asProfil)?.permissions).toEqual({ read: true, update: true });
  });
});

describe('tri-state cycle', () => {
  it('goes Hériter → Accorder → Refuser → Hériter', () => {
    expect(nextTriState(null)).toBe(true);
    expect(nextTriState(true)).toBe(false);
    expect(nextTriState(false)).toBeNull();
  });
  it('patches one flag and writes all five', () => {
    expect(applyFlags({ read: true, update: true }, { update: false })).toEqual({
      manage: null,
      create: null,
      read: true,
      update: false,
      delete: null,
    });
  });
  it('an entry whose flags all inherit is to be deleted', () => {
    expect(allInherit(applyFlags({ update: true }, { update: null }))).toBe(true);
    expect(allInherit({ read: false })).toBe(false);
  });
});

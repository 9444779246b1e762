import { describe, expect, it } from 'vitest';
import type { CrudFlags } from './permission.schema.ts';
import { explainPermission, type PermissionEntryLike, resolvePermission } from './resolve.ts';

// Items: 1 Administration (root) > 2 Utilisateurs. Profile 10, user 100.
const P = (itemId: number, permissions: CrudFlags): PermissionEntryLike => ({ itemId, profilId: 10, utilisateurId: null, permissions });
const U = (itemId: number, permissions: CrudFlags): PermissionEntryLike => ({ itemId, profilId: null, utilisateurId: 100, permissions });
const holder = { userId: 100, profilId: 10 };
const chain = [2, 1];

const CASES: [string, PermissionEntryLike[], string][] = [
  ['nothing grants nothing', [], ''],
  ['profile on the item', [P(2, { read: true, update: true })], 'RU'],
  ['inherited from the parent', [P(1, { manage: true })], 'CRUD'],
  ['the item overrides its parent', [P(1, { manage: true }), P(2, { update: false, delete: false })], 'CR'],
  ['null inherits', [P(1, { read: true, update: true }), P(2, { update: null })], 'RU'],
  ['the user overrides the profile', [P(2, { read: true, update: true }), U(2, { update: false })], 'R'],
  ['the user at the parent beats the profile at the item', [P(2, { update: false, read: true }), U(1, { update: true })], 'RU'],
  ['manage false denies what is not said', [P(1, { read: true, create: true }), U(2, { manage: false, read: true })], 'R'],
  ['another profile does not count', [{ itemId: 2, profilId: 11, utilisateurId: null, permissions: { manage: true } }], ''],
  ['another user does not count', [{ itemId: 2, profilId: null, utilisateurId: 101, permissions: { manage: true } }], ''],
];

describe('decentralised permission precedence', () => {
  it.each(CASES)('%s', (_label, entries, expected) => {
    const r = resolvePermission(entries, chain, holder);
    const got = `${r.create ? 'C' : ''}${r.read ? 'R' : ''}${r.update ? 'U' : ''}${r.delete ? 'D' : ''}`;
    expect(got).toBe(expected);
    expect(r.manage).toBe(expected === 'CRUD');
  });

  it('explains where an answer comes from', () => {
    const entries = [P(1, { manage: true }), U(2, { delete: false })];
    expect(explainPermission(entries, chain, holder, 'update')).toEqual({ value: true, from: 'profil', itemId: 1 });
    expect(explainPermission(entries, chain, holder, 'delete')).toEqual({ value: false, from: 'user', itemId: 2 });
    expect(explainPermission([], chain, holder, 'read')).toEqual({ value: false, from: 'default', itemId: null });
  });
});

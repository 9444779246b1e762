import { describe, expect, it } from 'vitest';
import {
  type CompanyMember,
  type CompanyPermissionModel,
  canManagePermissions,
  leavesNoPermissionManager,
  permissionManagers,
} from './managers.ts';
import type { CrudFlags } from './permission.schema.ts';

// Menu: 1 Administration (root) > 2 Permissions, 3 Utilisateurs; 9 Accueil EE. Profiles: 2 admin, 6 utilisateur,
// 8 fournisseur_admin (supplier). Person 100.
const MENU = [
  { id: 1, parentId: null, subject: null, isEE: false },
  { id: 2, parentId: 1, subject: 'Permission', isEE: false },
  { id: 3, parentId: 1, subject: 'Utilisateur', isEE: false },
  { id: 9, parentId: null, subject: null, isEE: true },
];
const ADMIN = { id: 2, code: 'admin', type: 'client' };
const USER = { id: 6, code: 'utilisateur', type: 'client' };
const SUPPLIER = { id: 8, code: 'fournisseur_admin', type: 'supplier' };
const P = (profilId: number, itemId: number, permissions: CrudFlags, isEE = false) => ({
  itemId,
  profilId,
  utilisateurId: null,
  permissions,
  isEE,
});
const U = (itemId: number, permissions: CrudFlags, isEE = false) => ({ itemId, profilId: null, utilisateurId: 100, permissions, isEE });
const ADMIN_GRANT = P(2, 1, { manage: true });

const model = (over: Partial<CompanyPermissionModel> = {}): CompanyPermissionModel => ({
  entrepriseId: 7,
  eu: false,
  v2: true,
  menu: MENU,
  entries: [ADMIN_GRANT],
  ...over,
});
const member = (over: Partial<CompanyMember> = {}): CompanyMember => ({
  id: 100,
  enable: true,
  isSuperAdmin: false,
  profils: [ADMIN],
  ...over,
});

const CASES: [string, CompanyPermissionModel, CompanyMember, boolean][] = [
  ['an admin profile managing the parent item', model(), member(), true],
  ['no entry at all', model({ entries: [] }), member(), false],
  ['a profile without the admin grant', model(), member({ profils: [USER] }), false],
  ['the profile refused update on the permissions item', model({ entries: [ADMIN_GRANT, P(2, 2, { update: false })] }), member(), false],
  [
    'read, create and update are enough (delete is not needed)',
    model({ entries: [P(6, 2, { read: true, create: true, update: true })] }),
    member({ profils: [USER] }),
    true,
  ],
  ['read only', model({ entries: [P(6, 2, { read: true })] }), member({ profils: [USER] }), false],
  ['the rights on another subject do not count', model({ entries: [P(6, 3, { manage: true })] }), member({ profils: [USER] }), false],
  ["the person's own refusal beats the profile", model({ entries: [ADMIN_GRANT, U(2, { manage: false })] }), member(), false],
  ["the person's own grant, whatever the profile", model({ entries: [U(2, { manage: true })] }), member({ profils: [USER] }), true],
  ['a person without any profile, granted personally', model({ entries: [U(1, { manage: true })] }), member({ profils: [] }), true],
  ['a disabled person', model(), member({ enable: false }), false],
  ['another profile they may switch to (changeRole)', model(), member({ profils: [USER, ADMIN] }), true],
  ['a super admin, without any entry', model({ entries: [] }), member({ isSuperAdmin: true, profils: [] }), true],
  ['a company not on the v2 model: anyone enabled', model({ v2: false, entries: [] }), member({ profils: [USER] }), true],
  [
    'a company not on the v2 model: not a disabled person',
    model({ v2: false, entries: [] }),
    member({ profils: [USER], enable: false }),
    false,
  ],
  [
    'the permissions item moved out of the granted folder',
    model({ menu: MENU.map((m) => (m.id === 2 ? { ...m, parentId: null } : m)) }),
    member(),
    false,
  ],
  [
    'an external company: its EE menu has no permission screen',
    model({ eu: true, entries: [ADMIN_GRANT, P(2, 9, { manage: true }, true)] }),
    member(),
    false,
  ],
  ['a supplier profile gets the EE side', model({ entries: [P(8, 1, { manage: true })] }), member({ profils: [SUPPLIER] }), false],
  [
    'an EE entry does not count on the client side',
    model({ entries: [P(6, 2, { manage: true }, true)] }),
    member({ profils: [USER] }),
    false,
  ],
];

describe('who may manage the permissions of a company', () => {
  it.each(CASES)('%s', (_label, m, who, expected) => {
    expect(canManagePermissions(m, who)).toBe(expected);
  });

  it('lists the managers, a personal entry counting for its person only', () => {
    const m = model({ entries: [ADMIN_GRANT, { ...U(2, { manage: false }), utilisateurId: 101 }] });
    const people = [100, 101, 102].map((id) => member({ id }));
    expect(permissionManagers(m, [...people, member({ id: 103, profils: [USER] }), member({ id: 104, enable: false })])).toEqual([
      100, 102,
    ]);
  });
});

describe('the last-admin rule', () => {
  it.each([
    [[1, 2], [1], false],
    [[1], [2], false],
    [[1], [], true],
    [[1, 2], [], true],
    [[], [], false],
    [[], [1], false],
  ] as const)('before %j, after %j: refused %s', (before, after, refused) => {
    expect(leavesNoPermissionManager(before, after)).toBe(refused);
  });
});

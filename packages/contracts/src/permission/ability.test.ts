import { describe, expect, it } from 'vitest';
import { type Access, accessAllows, PICKER_READ } from '../common/endpoint.ts';
import { type Action, abilityFor, type Grant, instance, type Principal, roleOfProfil, type Subject } from './ability.ts';
import type { Resolved } from './permission.schema.ts';

const ACME = 2;
const BETA = 3;
const R = (s: string): Resolved => ({
  manage: s === 'CRUD',
  create: s.includes('C'),
  read: s.includes('R'),
  update: s.includes('U'),
  delete: s.includes('D'),
});
const who = (role: Principal['role'], grants?: Grant[]): Principal => ({ idUser: 1, idCompany: ACME, role, eu: false, grants });
const P = {
  superAdmin: who('super_admin', []),
  admin: who('admin', [
    { subject: 'Utilisateur', rights: R('CRUD') },
    { subject: 'EntrepriseSetting', rights: R('CRUD') },
    { subject: 'ServiceModele', rights: R('CRUD') },
  ]),
  responsable: who('manager', [{ subject: 'Utilisateur', rights: R('RU') }]),
  creator: who('user', [{ subject: 'ProcessModele', itemId: 7, rights: R('CRUD') }]),
  user: who('user', []),
  legacy: who('user'),
};

// [principal, action, subject, allowed on own company]
const MATRIX: [keyof typeof P, Action, Exclude<Subject, 'all'>, boolean][] = [
  ['superAdmin', 'manage', 'Entreprise', true],
  ['superAdmin', 'delete', 'Utilisateur', true],
  ['admin', 'create', 'Entreprise', false],
  ['admin', 'update', 'Entreprise', true],
  ['admin', 'delete', 'Entreprise', false],
  ['admin', 'create', 'Utilisateur', true],
  ['admin', 'delete', 'Utilisateur', true],
  ['admin', 'update', 'EntrepriseSetting', true],
  ['admin', 'create', 'ServiceModele', true],
  ['admin', 'update', 'Permission', false],
  ['responsable', 'read', 'Utilisateur', true],
  ['responsable', 'create', 'Utilisateur', false],
  ['responsable', 'update', 'Utilisateur', true],
  ['responsable', 'delete', 'Utilisateur', false],
  ['responsable', 'update', 'EntrepriseSetting', false],
  // Reads follow rights (ticket 12): without their menu entry, people, settings, menu and workflows are not read.
  ['user', 'read', 'Utilisateur', false],
  ['user', 'read', 'EntrepriseSetting', false],
  ['user', 'read', 'ProcessModele', false],
  ['user', 'read', 'ServiceModele', false],
  ['user', 'read', 'Habilitation', true],
  ['user', 'read', 'MenuItem', false],
  ['user', 'update', 'Utilisateur', false],
  ['user', 'create', 'ServiceModele', false],
  ['user', 'update', 'Entreprise', false],
  ['user', 'read', 'Permission', false],
  ['legacy', 'delete', 'Utilisateur', true],
  ['legacy', 'update', 'Permission', true],
  ['legacy', 'create', 'Entreprise', false],
];

describe('ability matrix', () => {
  it.each(MATRIX)('%s %s %s -> %s', (p, action, subject, allowed) => {
    const own = subject === 'Entreprise' ? { id: ACME } : { entrepriseId: ACME };
    expect(abilityFor(P[p]).can(action, instance(subject, own))).toBe(allowed);
  });

  it.each(MATRIX.filter(([p]) => p !== 'superAdmin'))('%s %s %s is refused on another company', (p, action, subject) => {
    const other = subject === 'Entreprise' ? { id: BETA } : { entrepriseId: BETA };
    expect(abilityFor(P[p]).can(action, instance(subject, other))).toBe(subject === 'ProfilModele');
  });

  it('limits an item-level grant (creator of a workflow) to that item', () => {
    const a = abilityFor(P.creator);
    expect(a.can('update', instance('ProcessModele', { entrepriseId: ACME, id: 7 }))).toBe(true);
    expect(a.can('update', instance('ProcessModele', { entrepriseId: ACME, id: 8 }))).toBe(false);
    expect(a.can('read', instance('ProcessModele', { entrepriseId: ACME, id: 8 }))).toBe(false);
  });

  it('rebuilds the same ability from the rules the server sends', () => {
    for (const p of Object.values(P)) {
      const server = abilityFor(p);
      const web = abilityFor(JSON.parse(JSON.stringify(server.rules)));
      for (const [, action, subject] of MATRIX) {
        const it = instance(subject, { entrepriseId: ACME, id: ACME });
        expect(web.can(action, it)).toBe(server.can(action, it));
      }
    }
  });
});

describe('roles of profiles', () => {
  it.each([
    ['super_admin', false, 'super_admin'],
    ['admin', false, 'admin'],
    ['administrateur', false, 'admin'],
    ['fournisseur_admin', false, 'admin'],
    ['responsable', false, 'manager'],
    ['hr_manager', false, 'manager'],
    ['utilisateur', false, 'user'],
    ['utilisateur', true, 'super_admin'],
    [null, false, 'user'],
  ] as const)('%s (super admin flag %s) -> %s', (code, flag, role) => {
    expect(roleOfProfil(code, flag)).toBe(role);
  });
});

describe('a contractor (ticket 12)', () => {
  const GAMMA = 4;
  const contractor: Principal = { idUser: 9, idCompany: GAMMA, role: 'user', eu: true, grants: [], clientIds: [ACME] };
  const ability = abilityFor(contractor);
  it.each([
    ['read', 'Process', ACME, true],
    ['update', 'Process', ACME, true],
    ['create', 'Process', ACME, false],
    ['delete', 'Process', ACME, false],
    ['read', 'Process', BETA, false],
    ['update', 'Process', BETA, false],
    ['read', 'ProcessModele', ACME, true],
    ['update', 'ProcessModele', ACME, false],
    ['read', 'Tableau', GAMMA, false],
    ['read', 'Utilisateur', ACME, false],
  ] as const)('%s %s of company %i: %s', (action, s, company, allowed) => {
    expect(ability.can(action, instance(s, { entrepriseId: company }))).toBe(allowed);
  });
  it('has nothing of its clients without the external flag, nor without clients', () => {
    const notEu = abilityFor({ ...contractor, eu: false });
    expect(notEu.can('read', instance('Process', { entrepriseId: ACME }))).toBe(false);
    const noClient = abilityFor({ ...contractor, clientIds: [] });
    expect(noClient.can('read', 'Process')).toBe(false);
  });
});

describe('reads other screens need (PICKER_READ)', () => {
  const technicien = who('user', [
    { subject: 'Process', rights: R('CRU') },
    { subject: 'Tableau', rights: R('R') },
  ]);
  const rh = who('manager', [{ subject: 'Utilisateur', rights: R('CRU') }]);
  const editor = who('user', [{ subject: 'ProcessModele', itemId: 7, rights: R('CRUD') }]);
  const screen = { kind: 'ability', action: 'read', subject: 'Utilisateur' } as const;
  // [who, rule, allowed]
  const CASES: [string, Principal, Access, boolean][] = [
    ['technicien', technicien, screen, false],
    ['technicien', technicien, PICKER_READ.people, true],
    ['technicien', technicien, PICKER_READ.services, true],
    ['technicien', technicien, PICKER_READ.workflows, true],
    ['technicien', technicien, PICKER_READ.stepRules, true],
    ['technicien', technicien, PICKER_READ.profils, false],
    ['technicien', technicien, PICKER_READ.menu, false],
    ['rh', rh, screen, true],
    ['rh', rh, PICKER_READ.services, true],
    ['rh', rh, PICKER_READ.profils, true],
    ['rh', rh, PICKER_READ.workflows, false],
    ['workflow editor', editor, PICKER_READ.people, true],
    ['workflow editor', editor, PICKER_READ.profils, true],
    ['nobody', P.user, PICKER_READ.people, false],
    ['nobody', P.user, { kind: 'session' }, true],
  ];
  it.each(CASES)('%s: %j -> %s', (_, p, access, allowed) => {
    expect(accessAllows(abilityFor(p), access)).toBe(allowed);
  });
});

import { describe, expect, it } from 'vitest';
import { type Action, abilityFor, instance, type Principal, roleOfProfil, type Subject } from './ability.ts';
import { menuFor } from './menu.ts';

const ACME = 2;
const BETA = 3;
const who = (role: Principal['role'], profilCode: Principal['profilCode'] = null): Principal => ({ idUser: 1, idCompany: ACME, role, eu: false, profilCode });
const P = {
  superAdmin: who('super_admin', 'super_admin'),
  admin: who('admin', 'admin'),
  responsable: who('manager', 'responsable'),
  hr: who('manager', 'hr_manager'),
  user: who('user', 'utilisateur'),
};

// [principal, action, subject, allowed on own company]
const MATRIX: [keyof typeof P, Action, Exclude<Subject, 'all'>, boolean][] = [
  ['superAdmin', 'manage', 'Entreprise', true],
  ['admin', 'create', 'Entreprise', false],
  ['admin', 'update', 'Entreprise', true],
  ['admin', 'delete', 'Entreprise', false],
  ['admin', 'create', 'Utilisateur', true],
  ['admin', 'delete', 'Utilisateur', true],
  ['admin', 'update', 'EntrepriseSetting', true],
  ['admin', 'create', 'ServiceModele', true],
  ['responsable', 'read', 'Utilisateur', true],
  ['responsable', 'create', 'Utilisateur', false],
  ['responsable', 'update', 'Utilisateur', false],
  ['responsable', 'update', 'EntrepriseGroupe', true],
  ['responsable', 'update', 'EntrepriseSetting', false],
  ['hr', 'create', 'Utilisateur', true],
  ['hr', 'update', 'Utilisateur', true],
  ['hr', 'delete', 'Utilisateur', false],
  ['user', 'read', 'Utilisateur', true],
  ['user', 'read', 'Habilitation', true],
  ['user', 'update', 'Utilisateur', false],
  ['user', 'create', 'ServiceModele', false],
  ['user', 'update', 'Entreprise', false],
  ['user', 'read', 'EntrepriseSetting', true],
];

describe('ability matrix', () => {
  it.each(MATRIX)('%s %s %s -> %s', (p, action, subject, allowed) => {
    const a = abilityFor(P[p]);
    const own = subject === 'Entreprise' ? { id: ACME } : { entrepriseId: ACME };
    expect(a.can(action, instance(subject, own))).toBe(allowed);
  });

  it.each(MATRIX.filter(([p]) => p !== 'superAdmin'))('%s %s %s is refused on another company', (p, action, subject) => {
    const other = subject === 'Entreprise' ? { id: BETA } : { entrepriseId: BETA };
    const open = subject === 'ProfilModele';
    expect(abilityFor(P[p]).can(action, instance(subject, other))).toBe(open);
  });

  it('rebuilds the same ability from the rules the server sends', () => {
    const server = abilityFor(P.responsable);
    const web = abilityFor(JSON.parse(JSON.stringify(server.rules)));
    for (const [, action, subject] of MATRIX) {
      expect(web.can(action, instance(subject, { entrepriseId: ACME, id: ACME }))).toBe(server.can(action, instance(subject, { entrepriseId: ACME, id: ACME })));
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

describe('menu', () => {
  it.each([
    ['superAdmin', ['accueil', 'utilisateurs', 'parametres', 'entreprises']],
    ['admin', ['accueil', 'utilisateurs', 'parametres']],
    ['responsable', ['accueil', 'utilisateurs']],
    ['user', ['accueil', 'utilisateurs']],
  ] as const)('%s sees %j', (p, slugs) => {
    expect(menuFor(abilityFor(P[p])).map((m) => m.slug)).toEqual(slugs);
  });
});

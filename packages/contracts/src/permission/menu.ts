import type { MenuItem } from '../auth/auth.schema.ts';
import type { LogicielCodeValue } from '../common/constants.ts';
import type { AppAbility, Subject } from './ability.ts';

/** A menu entry of the default template every company starts with (then edited in the menu editor). */
export interface MenuTemplateItem {
  slug: string;
  libelle: string;
  icon: string | null;
  parent: string | null;
  logiciel: LogicielCodeValue | null;
  /** The resource the entry governs: its permissions become the rights on that subject. */
  subject: Exclude<Subject, 'all'> | null;
  hidden?: boolean;
  isEE?: boolean;
}

export const MENU_TEMPLATE: MenuTemplateItem[] = [
  { slug: 'accueil', libelle: 'Accueil', icon: 'home', parent: null, logiciel: null, subject: null },
  { slug: 'processus', libelle: 'Processus', icon: 'list-check', parent: null, logiciel: null, subject: 'Process' },
  { slug: 'tableaux', libelle: 'Tableaux', icon: 'layout-board', parent: null, logiciel: null, subject: 'Tableau' },
  { slug: 'administration', libelle: 'Administration', icon: 'settings', parent: null, logiciel: null, subject: null },
  { slug: 'utilisateurs', libelle: 'Utilisateurs', icon: 'users', parent: 'administration', logiciel: null, subject: 'Utilisateur' },
  { slug: 'services', libelle: 'Services', icon: 'building', parent: 'administration', logiciel: null, subject: 'ServiceModele' },
  {
    slug: 'groupes',
    libelle: 'Groupes',
    icon: 'users-group',
    parent: 'administration',
    logiciel: null,
    subject: 'EntrepriseGroupe',
    hidden: true,
  },
  {
    slug: 'habilitations',
    libelle: 'Habilitations',
    icon: 'certificate',
    parent: 'administration',
    logiciel: null,
    subject: 'Habilitation',
    hidden: true,
  },
  { slug: 'workflows', libelle: 'Workflows', icon: 'git-branch', parent: 'administration', logiciel: null, subject: 'ProcessModele' },
  {
    slug: 'parametres',
    libelle: "Paramètres de l'entreprise",
    icon: 'adjustments',
    parent: 'administration',
    logiciel: null,
    subject: 'EntrepriseSetting',
  },
  { slug: 'permissions', libelle: 'Permissions', icon: 'lock', parent: 'administration', logiciel: null, subject: 'Permission' },
  { slug: 'menu', libelle: 'Menu', icon: 'menu', parent: 'administration', logiciel: null, subject: 'MenuItem' },
  { slug: 'profils', libelle: 'Profils', icon: 'id-badge', parent: 'administration', logiciel: null, subject: 'ProfilModele' },
  { slug: 'accueil-ee', libelle: 'Accueil', icon: 'home', parent: null, logiciel: null, subject: null, isEE: true },
];

/** Default grants of the template, per profile code: slug -> actions (inherited by children). */
export const DEFAULT_GRANTS: Record<
  string,
  Record<string, { manage?: boolean; create?: boolean; read?: boolean; update?: boolean; delete?: boolean }>
> = {
  admin: {
    accueil: { read: true },
    processus: { manage: true },
    tableaux: { manage: true },
    administration: { manage: true },
    'accueil-ee': { read: true },
  },
  administrateur: {
    accueil: { read: true },
    processus: { manage: true },
    tableaux: { manage: true },
    administration: { manage: true },
    'accueil-ee': { read: true },
  },
  responsable: {
    accueil: { read: true },
    processus: { manage: true },
    tableaux: { read: true },
    utilisateurs: { read: true, update: true },
    services: { read: true },
    profils: { read: true },
    'accueil-ee': { read: true },
  },
  hr_manager: {
    accueil: { read: true },
    processus: { read: true },
    utilisateurs: { read: true, create: true, update: true },
    profils: { read: true },
    'accueil-ee': { read: true },
  },
  utilisateur: {
    accueil: { read: true },
    processus: { read: true, create: true, update: true },
    tableaux: { read: true },
    'accueil-ee': { read: true },
  },
  fournisseur_admin: { 'accueil-ee': { read: true } },
  fournisseur_utilisateur: { 'accueil-ee': { read: true } },
};

/** Entries outside the company menu, shown to whoever the ability allows (the super admin's company list). */
const SYSTEM_MENU: (MenuItem & { needs: ['manage', Subject] })[] = [
  {
    id: 'entreprises',
    slug: 'entreprises',
    libelle: 'Entreprises',
    parentId: null,
    idx: 10_000,
    logiciel: null,
    needs: ['manage', 'Entreprise'],
  },
];

/** System entries an ability may see, appended to the company menu. */
export function systemMenuFor(ability: AppAbility): MenuItem[] {
  return SYSTEM_MENU.filter((m) => ability.can(m.needs[0], m.needs[1])).map(({ needs: _n, ...m }) => m);
}

import type { MenuItem } from '../auth/auth.schema.ts';
import type { LogicielCodeValue } from '../common/constants.ts';
import { LIST_VARIANTS, type ListVariant } from '../process/process-search.schema.ts';
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

/**
 * The lists of each software (spec section 2), as menu entries: slug -> list variant, the software that shows it
 * and its icon. Stocks have no software of their own: they belong to maintenance (docs/DECISIONS.md).
 */
const LIST_ENTRIES: { slug: string; variant: ListVariant; logiciel: LogicielCodeValue; icon: string }[] = [
  { slug: 'mes-consignations', variant: 'MES_CONSIGNATIONS', logiciel: 'mc', icon: 'lock' },
  { slug: 'permis', variant: 'PERMIS', logiciel: 'permis', icon: 'flame' },
  { slug: 'mon-pdp', variant: 'MON_PDP', logiciel: 'pdp', icon: 'file-certificate' },
  { slug: 'mes-ouvrages', variant: 'MES_OUVRAGE', logiciel: 'mo', icon: 'building-bridge' },
  { slug: 'mes-releves', variant: 'MES_RELEVE', logiciel: 'mr', icon: 'gauge' },
  { slug: 'ma-maintenance', variant: 'MA_MAINTENANCE', logiciel: 'mm', icon: 'tool' },
  { slug: 'stocks', variant: 'STOCKS', logiciel: 'mm', icon: 'packages' },
  { slug: 'mes-habilitations', variant: 'MES_HABILITATIONS', logiciel: 'mh', icon: 'certificate' },
];
/** The slug of an external company's list entry (the EE menu is a list of its own: slugs are unique per company). */
const eeSlug = (slug: string) => `${slug}-ee`;

/** The list a menu slug opens (internal and EE entries), for the web's routes. */
export const LIST_OF_SLUG: Readonly<Record<string, ListVariant>> = Object.fromEntries(
  LIST_ENTRIES.flatMap((l) => [
    [l.slug, l.variant],
    [eeSlug(l.slug), l.variant],
  ]),
);

const listItems = (isEE: boolean): MenuTemplateItem[] =>
  LIST_ENTRIES.map((l) => ({
    slug: isEE ? eeSlug(l.slug) : l.slug,
    libelle: LIST_VARIANTS[l.variant].libelle,
    icon: l.icon,
    parent: null,
    logiciel: l.logiciel,
    subject: 'Process',
    ...(isEE ? { isEE: true } : {}),
  }));

/** The menu entry of the equipment registry (its label is the company's custom equipment name). */
export const EQUIPEMENT_MENU_SLUG = 'equipements';

/** The label of the equipment entry: the company's own word for its equipment, else the entry's (« Installation »). */
export function equipementMenuLabel(customName: string | null | undefined, libelle: string): string {
  const own = customName?.trim();
  return own ? own : libelle;
}

export const MENU_TEMPLATE: MenuTemplateItem[] = [
  { slug: 'accueil', libelle: 'Accueil', icon: 'home', parent: null, logiciel: null, subject: null },
  { slug: 'processus', libelle: 'Processus', icon: 'list-check', parent: null, logiciel: null, subject: 'Process' },
  ...listItems(false),
  { slug: 'tableaux', libelle: 'Tableaux', icon: 'layout-board', parent: null, logiciel: null, subject: 'Tableau' },
  // The equipment registry (ticket 13): « Installation » by default (S 16), the company's custom name (S 41) given by
  // the session (equipementMenuLabel).
  { slug: EQUIPEMENT_MENU_SLUG, libelle: 'Installation', icon: 'building-factory', parent: null, logiciel: null, subject: 'Equipement' },
  // The registry (ticket 13): locations (« Visualisation », S 17) and the risk catalogue.
  { slug: 'localisations', libelle: 'Localisations', icon: 'map-pin', parent: null, logiciel: null, subject: 'Localisation' },
  { slug: 'risques', libelle: 'Risques', icon: 'alert-triangle', parent: null, logiciel: null, subject: 'Risque' },
  // Gammes de relevés and fiches de manœuvre (ticket 13): « Édition des gammes » (readings need the equipment only).
  { slug: 'gammes', libelle: 'Gammes', icon: 'route', parent: null, logiciel: null, subject: 'GammeModele' },
  { slug: 'manoeuvres', libelle: 'Manœuvres', icon: 'list-numbers', parent: null, logiciel: null, subject: 'GammeModele' },
  // The reading rounds (a phone on site): governed by reading the equipment, as set-captured-values is.
  { slug: 'saisie-releves', libelle: 'Saisie de relevés', icon: 'gauge', parent: null, logiciel: null, subject: 'Equipement' },
  // Habilitations (ticket 14, Module D): the person × symbol matrix and the titles, the quizzes a person takes (everyone:
  // their own attempts), trainings and their avis, medical follow-up (health data: its own subject, HR and admins).
  {
    slug: 'titres-habilitation',
    libelle: "Titres d'habilitation",
    icon: 'id-badge-2',
    parent: null,
    logiciel: null,
    subject: 'Habilitation',
  },
  { slug: 'evaluations', libelle: 'Évaluations', icon: 'school', parent: null, logiciel: null, subject: null },
  { slug: 'formations', libelle: 'Formations', icon: 'presentation', parent: null, logiciel: null, subject: 'Habilitation' },
  { slug: 'visites-medicales', libelle: 'Visites médicales', icon: 'stethoscope', parent: null, logiciel: null, subject: 'SuiviMedical' },
  // Lockouts and permits (ticket 15, Module A): the lockout register (mother → daughters, padlocks, codes' labels).
  {
    slug: 'registre-consignations',
    libelle: 'Registre des consignations',
    icon: 'lock-square',
    parent: null,
    logiciel: 'mc',
    subject: 'Process',
  },
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
  },
  // The question bank and the evaluation settings (ticket 14).
  { slug: 'qcm', libelle: 'Questionnaires (QCM)', icon: 'list-check', parent: 'administration', logiciel: null, subject: 'Qcm' },
  { slug: 'workflows', libelle: 'Workflows', icon: 'git-branch', parent: 'administration', logiciel: null, subject: 'ProcessModele' },
  {
    slug: 'parametres',
    libelle: "Paramètres de l'entreprise",
    icon: 'adjustments',
    parent: 'administration',
    logiciel: null,
    subject: 'EntrepriseSetting',
  },
  // Ticket 15: the register's codes (label, colour, terminal, canonical state), the coactivity matrix, permit and
  // fire-watch defaults: company settings.
  {
    slug: 'codes-registre',
    libelle: 'Codes du registre des consignations',
    icon: 'tags',
    parent: 'administration',
    logiciel: null,
    subject: 'EntrepriseSetting',
  },
  {
    slug: 'incompatibilites',
    libelle: 'Coactivité : incompatibilités',
    icon: 'arrows-cross',
    parent: 'administration',
    logiciel: null,
    subject: 'EntrepriseSetting',
  },
  {
    slug: 'parametres-permis',
    libelle: 'Permis et surveillance incendie',
    icon: 'flame',
    parent: 'administration',
    logiciel: null,
    subject: 'EntrepriseSetting',
  },
  { slug: 'permissions', libelle: 'Permissions', icon: 'lock', parent: 'administration', logiciel: null, subject: 'Permission' },
  { slug: 'menu', libelle: 'Menu', icon: 'menu', parent: 'administration', logiciel: null, subject: 'MenuItem' },
  { slug: 'profils', libelle: 'Profils', icon: 'id-badge', parent: 'administration', logiciel: null, subject: 'ProfilModele' },
  { slug: 'accueil-ee', libelle: 'Accueil', icon: 'home', parent: null, logiciel: null, subject: null, isEE: true },
  ...listItems(true),
];

type Flags = { manage?: boolean; create?: boolean; read?: boolean; update?: boolean; delete?: boolean };
/** Reading every list: given to the profiles that read processes (internal lists) and to every profile (EE lists). */
const readLists = (isEE: boolean): Record<string, Flags> =>
  Object.fromEntries(LIST_ENTRIES.map((l) => [isEE ? eeSlug(l.slug) : l.slug, { read: true }]));

/** Default grants of the template, per profile code: slug -> actions (inherited by children). */
export const DEFAULT_GRANTS: Record<string, Record<string, Flags>> = {
  admin: {
    accueil: { read: true },
    'registre-consignations': { read: true },
    equipements: { manage: true },
    gammes: { manage: true },
    manoeuvres: { manage: true },
    'saisie-releves': { read: true },
    processus: { manage: true },
    tableaux: { manage: true },
    administration: { manage: true },
    localisations: { manage: true },
    risques: { manage: true },
    'titres-habilitation': { manage: true },
    evaluations: { read: true },
    formations: { manage: true },
    'visites-medicales': { manage: true },
    'accueil-ee': { read: true },
    ...readLists(false),
    ...readLists(true),
  },
  administrateur: {
    accueil: { read: true },
    'registre-consignations': { read: true },
    equipements: { manage: true },
    gammes: { manage: true },
    manoeuvres: { manage: true },
    'saisie-releves': { read: true },
    processus: { manage: true },
    tableaux: { manage: true },
    administration: { manage: true },
    localisations: { manage: true },
    risques: { manage: true },
    'titres-habilitation': { manage: true },
    evaluations: { read: true },
    formations: { manage: true },
    'visites-medicales': { manage: true },
    'accueil-ee': { read: true },
    ...readLists(false),
    ...readLists(true),
  },
  responsable: {
    accueil: { read: true },
    'registre-consignations': { read: true },
    equipements: { read: true, create: true, update: true },
    gammes: { read: true, create: true, update: true },
    manoeuvres: { read: true, create: true, update: true },
    'saisie-releves': { read: true },
    processus: { manage: true },
    tableaux: { read: true },
    // A manager creates zones (and administers those they create, S 126) and reads the risk catalogue.
    localisations: { read: true, create: true },
    risques: { read: true },
    utilisateurs: { read: true, update: true },
    services: { read: true },
    profils: { read: true },
    // A safety manager issues titles and follows trainings; reads medical validity, the symbols and the quizzes.
    'titres-habilitation': { read: true, create: true, update: true },
    evaluations: { read: true },
    formations: { read: true, create: true, update: true },
    'visites-medicales': { read: true },
    habilitations: { read: true },
    qcm: { read: true },
    'accueil-ee': { read: true },
    ...readLists(false),
    ...readLists(true),
  },
  hr_manager: {
    accueil: { read: true },
    'registre-consignations': { read: true },
    processus: { read: true },
    utilisateurs: { read: true, create: true, update: true },
    profils: { read: true },
    'titres-habilitation': { read: true, create: true, update: true },
    evaluations: { read: true },
    formations: { manage: true },
    'visites-medicales': { manage: true },
    'accueil-ee': { read: true },
    ...readLists(false),
    ...readLists(true),
  },
  utilisateur: {
    accueil: { read: true },
    'registre-consignations': { read: true },
    equipements: { read: true },
    'saisie-releves': { read: true },
    processus: { read: true, create: true, update: true },
    tableaux: { read: true },
    'titres-habilitation': { read: true },
    evaluations: { read: true },
    'accueil-ee': { read: true },
    ...readLists(false),
    ...readLists(true),
  },
  fournisseur_admin: { 'accueil-ee': { read: true }, ...readLists(true) },
  fournisseur_utilisateur: { 'accueil-ee': { read: true }, ...readLists(true) },
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

import {
  type EndpointResponse,
  type Metrique,
  type ProcessModele,
  rulesFor,
  type Tableau,
  type UserSession,
  type Utilisateur,
} from '@app/contracts';
import type * as API from '@app/contracts/api';

export function sessionFixture(overrides: Partial<UserSession> = {}): UserSession {
  return {
    idUser: 1,
    idCompany: 10,
    eu: false,
    companyName: 'Acme Énergie',
    codeLogiciel: 'mc',
    logiciels: [{ id: 1, code: 'mc', libelle: 'Mes consignations' }],
    role: 'admin',
    profil: { id: 2, libelle: 'Admin', code: 'admin' },
    profils: [{ id: 2, libelle: 'Admin', code: 'admin' }],
    menuItems: [],
    menuItemsEE: [],
    settings: {},
    languageCode: 'fr',
    languageCodes: ['fr'],
    timezone: 'Europe/Paris',
    isSupperAdmin: false,
    moNumMax: null,
    authTypes: ['password'],
    signature: null,
    mail: 'admin@acme.demo.fr',
    lastName: 'Martin',
    firstName: 'Claire',
    rules: rulesFor({ idUser: 1, idCompany: 10, role: 'admin', eu: false }),
    ...overrides,
  };
}

export function utilisateurFixture(overrides: Partial<Utilisateur> = {}): Utilisateur {
  return {
    id: 5,
    nom: 'Dupont',
    prenom: 'Jean',
    mail: 'jean.dupont@acme.demo.fr',
    codeRfid: null,
    telephone: null,
    fonction: 'Technicien',
    identification: null,
    coutHoraire: null,
    couleur: '#336699',
    serviceId: null,
    service: null,
    profilId: 3,
    profil: 'Utilisateur',
    profilIds: [3],
    entrepriseId: 10,
    entreprise: 'Acme Énergie',
    dateNaissance: null,
    enable: true,
    isTempAccount: false,
    isMfa: false,
    signature: null,
    authenticated: true,
    isSupperAdmin: false,
    ...overrides,
  };
}

/** A menu row of GET /api/v2/menu/get. */
export function menuRowFixture(
  overrides: Partial<EndpointResponse<typeof API.permission.menu>[number]> & { id: number; slug: string; libelle: string },
): EndpointResponse<typeof API.permission.menu>[number] {
  return {
    icon: null,
    parentId: null,
    idx: 0,
    logiciel: null,
    hidden: false,
    isEE: false,
    subject: null,
    abilities: { read: true, create: true, update: true, delete: true },
    ...overrides,
  };
}

/** The template menu: Accueil, Administration > Utilisateurs, Services. */
export function menuFixture() {
  return [
    menuRowFixture({ id: 1, slug: 'accueil', libelle: 'Accueil', idx: 0 }),
    menuRowFixture({ id: 2, slug: 'administration', libelle: 'Administration', idx: 1 }),
    menuRowFixture({ id: 3, slug: 'utilisateurs', libelle: 'Utilisateurs', parentId: 2, idx: 0, subject: 'Utilisateur' }),
    menuRowFixture({ id: 4, slug: 'services', libelle: 'Services', parentId: 2, idx: 1, subject: 'ServiceModele' }),
  ];
}

/** A workflow field (metrique) of step 1, shown and optional; `extra` sets the rest. */
export function metriqueFixture(id: number, nom: string, dataType: string, extra: Partial<Metrique> = {}): Metrique {
  return {
    id,
    nom,
    dataType,
    etape_id: 1,
    etape_ordre: 1,
    processModeleId: 1,
    parentId: null,
    idx: id,
    idxLargeFormat: null,
    hidden: false,
    required: false,
    propertyValues: {},
    conditions: [],
    references: null,
    ...extra,
  };
}

/** A process-list row (spec fields) of the « Consignation électrique » workflow, in progress; `overrides` set the rest. */
export type ListRowFixture = EndpointResponse<typeof API.processList.byPaging>['items'][number];
export function listRowFixture(id: number, overrides: Partial<ListRowFixture> = {}): ListRowFixture {
  return {
    id,
    numero: id * 100,
    nomProcess: `Processus ${id}`,
    description: null,
    equipementLastItemString: null,
    firstPrestataireLibelle: null,
    processModeleId: 7,
    processModeleLibelle: 'Consignation électrique',
    preparateur: null,
    dateDebutInteger: null,
    dateFinInteger: null,
    latestStatus: null,
    origin: null,
    nameConsignation: null,
    niveaux: null,
    etat: 'en_cours',
    articles: null,
    quantity: null,
    fournisseur: null,
    dateSouhaitee: null,
    currentEtapeOrdre: 1,
    lockedProcess: false,
    lastModifyAt: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

/** Abilities on an item: all of them, or read only. */
export const ALL_ABILITIES = { read: true, create: true, update: true, delete: true };
export const READ_ABILITIES = { read: true, create: false, update: false, delete: false };

/** The padlock-numbers field of the « Consignation électrique » workflow (id 7), step 3. */
export function cadenasFixture(extra: Partial<Metrique> = {}): Metrique {
  return metriqueFixture(31, 'Numéros des cadenas', 'text', { etape_id: 11, etape_ordre: 3, processModeleId: 7, idx: 1, ...extra });
}

/** The « Consignation électrique » workflow (id 7, package mc) as the editor reads it, with these fields. */
export function lockoutModelFixture(metriques: Metrique[]): ProcessModele {
  return {
    id: 7,
    libelle: 'Consignation électrique',
    nom: 'Consignation électrique',
    processModeleLibelle: 'Consignation électrique',
    package: 'mc',
    config: { workflowModelsToCreate: [] },
    locked: false,
    version: 1,
    etapes: [],
    metriques,
    availableMetriques: [],
  };
}

/** A board on the lockout workflow (7) with its padlock numbers (31) in columns. */
export function boardFixture(id: number, nom: string, abilities = ALL_ABILITIES, extra: Partial<Tableau> = {}): Tableau {
  return {
    id,
    nom,
    icon: null,
    logicielId: null,
    config: {},
    workflows: [7],
    metriques: [31],
    gamme_modele_id: null,
    isEE: false,
    idx: id,
    abilities,
    ...extra,
  };
}

import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const tenant = () =>
  integer('entreprise_id')
    .notNull()
    .references(() => entreprise.id, { onDelete: 'cascade' });

/** Software flavours: a system-wide reference list (no tenant). */
export const logiciel = pgTable('logiciel', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  libelle: text('libelle').notNull(),
  idx: integer('idx').notNull().default(0),
});

/** Profile models: a system-wide reference list. */
export const profilModele = pgTable('profil_modele', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  libelle: text('libelle').notNull(),
  type: text('type').notNull().default('client'),
  idx: integer('idx').notNull().default(0),
});

export const profilModeleLogiciel = pgTable(
  'profil_modele_logiciel',
  {
    id: serial('id').primaryKey(),
    profilModeleId: integer('profil_modele_id')
      .notNull()
      .references(() => profilModele.id, { onDelete: 'cascade' }),
    logicielId: integer('logiciel_id')
      .notNull()
      .references(() => logiciel.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('profil_modele_logiciel_uq').on(t.profilModeleId, t.logicielId)],
);

/** A company. Its row is its own tenant: RLS compares `id` with the request's company. */
export const entreprise = pgTable('entreprise', {
  id: serial('id').primaryKey(),
  nom: text('nom').notNull(),
  locked: boolean('locked').notNull().default(false),
  authTypes: text('auth_types').array().notNull().default(sql`'{password}'::text[]`),
  idx: integer('idx').notNull().default(0),
  eu: boolean('eu').notNull().default(false),
  setting: jsonb('setting').notNull().default({}),
  evaluationSetting: jsonb('evaluation_setting').notNull().default({}),
  affectation: jsonb('affectation').notNull().default({}),
  /** On the v2 (decentralised) permission model; an account that is not may manage everything of its company. */
  permissionsV2: boolean('permissions_v2').notNull().default(true),
  /** Bumped by every change of menu or permissions: keys the cache of computed rights. */
  permissionVersion: integer('permission_version').notNull().default(0),
  createdAt: createdAt(),
});

export const entrepriseLogiciel = pgTable(
  'entreprise_logiciel',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    logicielId: integer('logiciel_id')
      .notNull()
      .references(() => logiciel.id),
    active: boolean('active').notNull().default(false),
    enable: boolean('enable').notNull().default(false),
    setting: jsonb('setting').notNull().default({}),
  },
  (t) => [uniqueIndex('entreprise_logiciel_uq').on(t.entrepriseId, t.logicielId)],
);

/** An external company (partenaire) working for a client company (entreprise_id). */
export const entrepriseRelation = pgTable(
  'entreprise_relation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    partenaireId: integer('partenaire_id')
      .notNull()
      .references(() => entreprise.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
  },
  (t) => [
    uniqueIndex('entreprise_relation_uq').on(t.entrepriseId, t.partenaireId),
    index('entreprise_relation_partenaire_idx').on(t.partenaireId),
  ],
);

export const serviceModele = pgTable(
  'service_modele',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    libelle: text('libelle').notNull(),
    type: text('type').notNull().default('client'),
    couleur: text('couleur'),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('service_modele_entreprise_idx').on(t.entrepriseId, t.type, t.idx)],
);

export const utilisateur = pgTable(
  'utilisateur',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    nom: text('nom').notNull(),
    prenom: text('prenom').notNull(),
    /** Sign-in identifier, unique across the installation. */
    mail: text('mail').notNull(),
    passwordHash: text('password_hash'),
    codeRfid: text('code_rfid'),
    telephone: text('telephone'),
    fonction: text('fonction'),
    identification: text('identification'),
    coutHoraire: doublePrecision('cout_horaire'),
    couleur: text('couleur'),
    serviceModeleId: integer('service_modele_id').references(() => serviceModele.id, { onDelete: 'set null' }),
    profilModeleId: integer('profil_modele_id').references(() => profilModele.id),
    profilIds: integer('profil_ids').array().notNull().default(sql`'{}'::integer[]`),
    dateNaissance: date('date_naissance'),
    enable: boolean('enable').notNull().default(true),
    isTempAccount: boolean('is_temp_account').notNull().default(false),
    isMfa: boolean('is_mfa').notNull().default(false),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    signature: text('signature'),
    settings: jsonb('settings').notNull().default({}),
    invitationHash: text('invitation_hash'),
    invitationExpiresAt: timestamp('invitation_expires_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('utilisateur_mail_uq').on(t.mail),
    index('utilisateur_entreprise_nom_idx').on(t.entrepriseId, t.nom, t.prenom),
    index('utilisateur_service_idx').on(t.serviceModeleId),
    uniqueIndex('utilisateur_invitation_uq').on(t.invitationHash),
  ],
);

/** A signed-in session; the cookie holds a random token, the table its SHA-256. */
export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    entrepriseId: tenant(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    rememberMe: boolean('remember_me').notNull().default(false),
    mfaPending: boolean('mfa_pending').notNull().default(false),
    profilModeleId: integer('profil_modele_id'),
    logicielCode: text('logiciel_code'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('session_utilisateur_idx').on(t.utilisateurId)],
);

/** Sign-in attempts, for rate limiting by account and by address (no tenant: looked up before sign-in). */
export const loginAttempt = pgTable(
  'login_attempt',
  {
    id: serial('id').primaryKey(),
    mail: text('mail').notNull(),
    ip: text('ip').notNull(),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_attempt_mail_idx').on(t.mail, t.at), index('login_attempt_ip_idx').on(t.ip, t.at)],
);

/** One-time codes (MFA sign-in, master code before a company lock). */
export const otpCode = pgTable(
  'otp_code',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('otp_code_user_idx').on(t.utilisateurId, t.purpose)],
);

/** Outgoing mail and SMS, sent by SMTP when configured, otherwise kept here and logged for the operator. */
export const outbox = pgTable('outbox', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  canal: text('canal').notNull().default('mail'),
  destinataire: text('destinataire').notNull(),
  sujet: text('sujet').notNull(),
  corps: text('corps').notNull(),
  createdAt: createdAt(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
  error: text('error'),
});

export const entrepriseGroupe = pgTable('entreprise_groupe', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  nom: text('nom').notNull(),
  utilisateurIds: integer('utilisateur_ids').array().notNull().default(sql`'{}'::integer[]`),
  prestataireIds: integer('prestataire_ids').array().notNull().default(sql`'{}'::integer[]`),
});

/** Habilitation titles of a company (B0, H0V, BR...). */
export const habilitation = pgTable(
  'habilitation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    code: text('code').notNull(),
    libelle: text('libelle').notNull(),
  },
  (t) => [uniqueIndex('habilitation_code_uq').on(t.entrepriseId, t.code)],
);

export const utilisateurHabilitation = pgTable(
  'utilisateur_habilitation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    habilitationId: integer('habilitation_id')
      .notNull()
      .references(() => habilitation.id, { onDelete: 'cascade' }),
    dateObtention: date('date_obtention'),
    dateExpiration: date('date_expiration'),
  },
  (t) => [uniqueIndex('utilisateur_habilitation_uq').on(t.utilisateurId, t.habilitationId)],
);

/** Collated messages (NF C18-510), numbered per company. */
export const messageCollationne = pgTable(
  'message_collationne',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    numero: integer('numero').notNull(),
    emetteurId: integer('emetteur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    destinataireId: integer('destinataire_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    objet: text('objet').notNull(),
    contenu: text('contenu').notNull(),
    envoyeAt: timestamp('envoye_at', { withTimezone: true }).notNull().defaultNow(),
    collationneAt: timestamp('collationne_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('message_collationne_numero_uq').on(t.entrepriseId, t.numero)],
);

/** Workflow models; the workflow engine extends this table. */
export const processModele = pgTable('process_modele', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  libelle: text('libelle').notNull(),
  package: text('package'),
  config: jsonb('config').notNull().default({}),
  /** A locked model's structure cannot change. */
  locked: boolean('locked').notNull().default(false),
  /** Bumped by every change of the model or its steps and fields (optimistic concurrency of the editor). */
  version: integer('version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Which workflow models a company uses in each software. */
export const entrepriseProcessModele = pgTable(
  'entreprise_process_modele',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    logicielId: integer('logiciel_id')
      .notNull()
      .references(() => logiciel.id),
    processModeleId: integer('process_modele_id')
      .notNull()
      .references(() => processModele.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('entreprise_process_modele_uq').on(t.entrepriseId, t.logicielId, t.processModeleId)],
);

/** A company's menu entry, per software (null: every software); a tree by parent_id. */
export const menuItem = pgTable(
  'menu_item',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    parentId: integer('parent_id'),
    slug: text('slug').notNull(),
    libelle: text('libelle').notNull(),
    icon: text('icon'),
    logicielId: integer('logiciel_id').references(() => logiciel.id),
    subject: text('subject'),
    hidden: boolean('hidden').notNull().default(false),
    isEe: boolean('is_ee').notNull().default(false),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [uniqueIndex('menu_item_slug_uq').on(t.entrepriseId, t.slug), index('menu_item_parent_idx').on(t.entrepriseId, t.parentId, t.idx)],
);

/** A permission entry: CRUD flags of a profile or a user on one item (menu item, workflow, board...). */
export const permission = pgTable(
  'permission',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    type: text('type').notNull(),
    itemId: integer('item_id').notNull(),
    profilModeleId: integer('profil_modele_id').references(() => profilModele.id, { onDelete: 'cascade' }),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
    isEe: boolean('is_ee').notNull().default(false),
    permissions: jsonb('permissions').notNull().default({}),
    conditions: jsonb('conditions').notNull().default({}),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [
    uniqueIndex('permission_target_uq').on(
      t.entrepriseId,
      t.type,
      t.itemId,
      sql`coalesce(${t.profilModeleId}, 0)`,
      sql`coalesce(${t.utilisateurId}, 0)`,
      t.isEe,
    ),
    index('permission_holder_idx').on(t.entrepriseId, t.profilModeleId, t.utilisateurId),
  ],
);

/** Equipment permissions, a set of their own (equipement_id null: every equipment). */
export const equipmentPermission = pgTable('equipment_permission', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  equipementId: integer('equipement_id'),
  profilModeleId: integer('profil_modele_id').references(() => profilModele.id, { onDelete: 'cascade' }),
  utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
  isEe: boolean('is_ee').notNull().default(false),
  permissions: jsonb('permissions').notNull().default({}),
  idx: integer('idx').notNull().default(0),
});

/** A step of a workflow model, in `ordre` (1, 2, ...). */
export const etape = pgTable(
  'etape',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processModeleId: integer('process_modele_id')
      .notNull()
      .references(() => processModele.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    ordre: integer('ordre').notNull(),
    config: jsonb('config').notNull().default({}),
  },
  (t) => [index('etape_modele_idx').on(t.processModeleId, t.ordre)],
);

/** A form field of a step (metrique); groups hold children through parent_id. */
export const metrique = pgTable(
  'metrique',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processModeleId: integer('process_modele_id')
      .notNull()
      .references(() => processModele.id, { onDelete: 'cascade' }),
    etapeId: integer('etape_id')
      .notNull()
      .references(() => etape.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    nom: text('nom').notNull(),
    dataType: text('data_type').notNull(),
    idx: integer('idx').notNull(),
    idxLargeFormat: integer('idx_large_format'),
    hidden: boolean('hidden').notNull().default(false),
    required: boolean('required').notNull().default(false),
    propertyValues: jsonb('property_values').notNull().default({}),
    conditions: jsonb('conditions').notNull().default([]),
    references: jsonb('references'),
  },
  (t) => [index('metrique_etape_idx').on(t.etapeId, t.idx), index('metrique_modele_idx').on(t.processModeleId)],
);

/** Step authorisation rules: who may act on a step, and on which field conditions. */
export const etapeAutorisation = pgTable(
  'etape_autorisation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    etapeId: integer('etape_id')
      .notNull()
      .references(() => etape.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
    profilModeleId: integer('profil_modele_id').references(() => profilModele.id, { onDelete: 'cascade' }),
    serviceModeleId: integer('service_modele_id').references(() => serviceModele.id, { onDelete: 'cascade' }),
    test: jsonb('test'),
  },
  (t) => [index('etape_autorisation_etape_idx').on(t.etapeId)],
);

/** Per-company process counter: numbers without gaps or duplicates (row lock, rolled back with its transaction). */
export const processCounter = pgTable('process_counter', {
  entrepriseId: integer('entreprise_id')
    .primaryKey()
    .references(() => entreprise.id, { onDelete: 'cascade' }),
  last: integer('last').notNull().default(0),
});

/** A process: an instance of a workflow model. */
export const process = pgTable(
  'process',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    /** Stored times 100 (spec section 9). */
    numero: integer('numero').notNull(),
    processModeleId: integer('process_modele_id')
      .notNull()
      .references(() => processModele.id),
    parentId: integer('parent_id'),
    niveau: integer('niveau').notNull().default(0),
    key: text('key').notNull(),
    nomProcess: text('nom_process').notNull(),
    dateDebut: timestamp('date_debut', { withTimezone: true }),
    dateFin: timestamp('date_fin', { withTimezone: true }),
    dateInterventionDebut: timestamp('date_intervention_debut', { withTimezone: true }),
    dateInterventionFin: timestamp('date_intervention_fin', { withTimezone: true }),
    equipement: jsonb('equipement'),
    typeConsignation: integer('type_consignation'),
    prestataireIds: integer('prestataire_ids').array().notNull().default(sql`'{}'::integer[]`),
    personneEnChargeId: integer('personne_en_charge_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    etat: text('etat').notNull().default('en_cours'),
    status: text('status'),
    currentOrdre: integer('current_ordre'),
    rawData: jsonb('raw_data').notNull().default({}),
    changedMetriques: jsonb('changed_metriques').notNull().default([]),
    reference: text('reference'),
    color: text('color'),
    createdById: integer('created_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastModifyAt: timestamp('last_modify_at', { withTimezone: true }).notNull().defaultNow(),
    lastModifyById: integer('last_modify_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    /** Optimistic concurrency: every write bumps it; a client sending an older one gets 409. */
    version: integer('version').notNull().default(0),
    // Copies kept for the lists' sorts and indexes (maintained by the process and workflow modules).
    equipementLibelle: text('equipement_libelle').generatedAlwaysAs(sql`(equipement ->> 'libelle')`),
    /** The name as searched: lower case, without accents (app_search_key, migration 0011; trigram index). */
    nomRecherche: text('nom_recherche').generatedAlwaysAs(sql`app_search_key(nom_process)`),
    modeleLibelle: text('modele_libelle').notNull().default(''),
    package: text('package'),
    preparateur: text('preparateur'),
    /** Waiting for an unfinished process: listed after the free ones. */
    sequenced: boolean('sequenced').notNull().default(false),
  },
  (t) => [
    uniqueIndex('process_numero_uq').on(t.entrepriseId, t.numero),
    index('process_parent_idx').on(t.parentId),
    index('process_modele_idx').on(t.processModeleId),
    index('process_list_numero_idx').on(t.entrepriseId, t.sequenced, t.numero),
    index('process_list_package_idx').on(t.entrepriseId, t.package, t.sequenced, t.numero),
    index('process_list_equipement_idx').on(t.entrepriseId, t.sequenced, sql`coalesce(equipement_libelle, '')`, t.id),
    index('process_list_debut_idx').on(t.entrepriseId, t.sequenced, sql`coalesce(date_debut, 'infinity'::timestamptz)`, t.id),
    // Migration 0009 adds INCLUDE (sequenced, numero, id): state + period lists read from the index alone.
    index('process_list_etat_debut_idx').on(t.entrepriseId, t.etat, t.dateDebut),
  ],
);

/** State record of one step of a process (processDetails / etatEtapes). */
export const processEtape = pgTable(
  'process_etape',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    etapeId: integer('etape_id').notNull(),
    ordre: integer('ordre').notNull(),
    etat: integer('etat').notNull(),
    isValid: boolean('is_valid').notNull().default(false),
    dateRealise: timestamp('date_realise', { withTimezone: true }),
    saved: boolean('saved').notNull().default(false),
    obsolete: boolean('obsolete').notNull().default(false),
  },
  (t) => [uniqueIndex('process_etape_uq').on(t.processId, t.etapeId)],
);

/** A signature: signer, time, image and the hash of what was signed. Cleared ones are kept, marked. */
export const signature = pgTable(
  'signature',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    etapeId: integer('etape_id').notNull(),
    metriqueId: integer('metrique_id').notNull(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    image: text('image'),
    hash: text('hash').notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    // One live signature per signer and field: double clicks and retries cannot add a second.
    uniqueIndex('signature_live_uq').on(t.processId, t.metriqueId, t.utilisateurId).where(sql`cleared_at is null`),
  ],
);

/** Audit journal of processes: appended by the server, never updated nor deleted by the application role. */
export const processJournal = pgTable(
  'process_journal',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    utilisateurId: integer('utilisateur_id'),
    action: text('action').notNull(),
    etapeId: integer('etape_id'),
    etapeOrdre: integer('etape_ordre'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [index('process_journal_process_idx').on(t.processId, t.id)],
);

/** A file dropped in a file-uploader field, stored under DATA_DIR (or FILES_DIR). */
export const processFile = pgTable(
  'process_file',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    metriqueId: integer('metrique_id').notNull(),
    nom: text('nom').notNull(),
    mime: text('mime').notNull(),
    taille: integer('taille').notNull(),
    chemin: text('chemin').notNull(),
    uploadedById: integer('uploaded_by_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('process_file_process_idx').on(t.processId)],
);

/** Sequencing: a process waits until another is done. */
export const processSequencing = pgTable(
  'process_sequencing',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    lockedByProcessId: integer('locked_by_process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('process_sequencing_uq').on(t.processId, t.lockedByProcessId)],
);

/** Process events for live lists: kept a few days so a client that reconnects catches up (Last-Event-ID). */
export const processEvent = pgTable(
  'process_event',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    type: text('type').notNull(),
    processIds: integer('process_ids').array().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('process_event_entreprise_idx').on(t.entrepriseId, t.id)],
);

/** A board: the processes of some workflows, with saved filters and displays. */
export const tableau = pgTable('tableau', {
  id: serial('id').primaryKey(),
  entrepriseId: tenant(),
  logicielId: integer('logiciel_id').references(() => logiciel.id),
  nom: text('nom').notNull(),
  icon: text('icon'),
  config: jsonb('config').notNull().default({}),
  workflows: integer('workflows').array().notNull().default(sql`'{}'::integer[]`),
  metriques: integer('metriques').array().notNull().default(sql`'{}'::integer[]`),
  gammeModeleId: integer('gamme_modele_id'),
  isEe: boolean('is_ee').notNull().default(false),
  idx: integer('idx').notNull().default(0),
});

/** A saved filter of a board (a tab): criteria on process fields and workflow fields. */
export const filtre = pgTable(
  'filtre',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    tableauId: integer('tableau_id')
      .notNull()
      .references(() => tableau.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    criteres: jsonb('criteres').notNull().default([]),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('filtre_tableau_idx').on(t.tableauId, t.idx)],
);

/** A saved display: columns, their order and widths, a sort; shared on a board or personal. */
export const affichage = pgTable(
  'affichage',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    tableauId: integer('tableau_id').references(() => tableau.id, { onDelete: 'cascade' }),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
    nom: text('nom').notNull(),
    colonnes: jsonb('colonnes').notNull().default([]),
    tri: jsonb('tri'),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [index('affichage_tableau_idx').on(t.tableauId, t.idx)],
);

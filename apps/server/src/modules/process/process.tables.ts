import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { entreprise, tenant } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { processModele } from '../workflow/workflow.tables.ts';

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
    // Columns of the list variants whose modules are not built yet (migration 0013), shown as they are by the lists
    // (list-columns.ts): null until the module owning each value writes it.
    /** Where a reading or maintenance process comes from (relevés, maintenance modules). */
    origin: text('origin'),
    /** A stock request's articles, quantity, supplier's name and wished date (stock module). */
    articles: text('articles'),
    quantity: numeric('quantity', { mode: 'number' }),
    fournisseur: text('fournisseur'),
    dateSouhaitee: timestamp('date_souhaitee', { withTimezone: true }),
    // The lockout register's keys (migration 0031): set by the database, never written by the application.
    /** The process has its lockout record (trigger on consignation's inserts; records are never deleted). */
    hasLockout: boolean('has_lockout').notNull().default(false),
    /** The registry equipment the process names as the register's rights read it: its id, or 0 (none, 0, a free name). */
    equipementRegistreId: integer('equipement_registre_id').generatedAlwaysAs(
      sql`(CASE WHEN coalesce(equipement ->> 'id', '') ~ '^[1-9][0-9]{0,8}$' THEN (equipement ->> 'id')::integer ELSE 0 END)`,
    ),
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
    // Migration 0031: process_lockout_numero_idx (entreprise, sequenced, numero desc) and process_lockout_equipement_idx
    // (entreprise, equipement_registre_id, sequenced, numero desc), both INCLUDE (id) WHERE has_lockout.
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
    /** The habilitation (title, holding, medical attestation) a step requiring one was signed under (migration 0021). */
    habilitation: jsonb('habilitation'),
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

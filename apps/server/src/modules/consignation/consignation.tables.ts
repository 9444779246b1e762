import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { entreprise, tenant } from '../entreprise/entreprise.tables.ts';
import { equipementPointIsolement } from '../equipement/equipement.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

// Lockouts (ticket 15, migration 0024). A lockout is a process; its record here holds what the engine does not:
// the canonical state, the mode, the signed operations, the isolation points with their padlocks, the personal
// padlocks, the numbered attestations and the avis de fin de travail. Nothing is ever deleted (domain §7).

/** The company's register codes (CS, TSN…, stored exactly): label, colour, icon, terminal flag, canonical state. */
export const registreCode = pgTable(
  'registre_code',
  {
    entrepriseId: tenant(),
    code: text('code').notNull(),
    libelle: text('libelle').notNull(),
    couleur: text('couleur').notNull(),
    icone: text('icone').notNull(),
    terminal: boolean('terminal').notNull().default(false),
    etat: text('etat').notNull(),
    idx: integer('idx').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'registre_code_pk', columns: [t.entrepriseId, t.code] })],
);

/** The lockout record of a process (one per lockout process). */
export const consignation = pgTable(
  'consignation',
  {
    processId: integer('process_id')
      .primaryKey()
      .references(() => process.id, { onDelete: 'cascade' }),
    entrepriseId: tenant(),
    etat: text('etat').notNull().default('demande'),
    mode: text('mode').notNull().default('une_etape'),
    /** The mother lockout (a daughter, type 7), copied from the process's parent at creation. */
    mereId: integer('mere_id'),
    consigneeAt: timestamp('consignee_at', { withTimezone: true }),
    deconsigneeAt: timestamp('deconsignee_at', { withTimezone: true }),
    // What the register shows of its parts, kept by the parts' triggers (migration 0033), never written by the
    // application: its isolation points, its personal padlocks (on, and in all), the number of its attestation de
    // consignation, its daughters.
    pointsTotal: integer('points_total').notNull().default(0),
    cadenasTotal: integer('cadenas_total').notNull().default(0),
    cadenasPoses: integer('cadenas_poses').notNull().default(0),
    attestationNumero: integer('attestation_numero'),
    fillesTotal: integer('filles_total').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('consignation_mere_idx').on(t.mereId), index('consignation_etat_idx').on(t.entrepriseId, t.etat)],
);

/** One signed operation (séparation, condamnation…) of a lockout, on the whole of it or on one point. */
export const consignationOperation = pgTable(
  'consignation_operation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => consignation.processId, { onDelete: 'cascade' }),
    operation: text('operation').notNull(),
    pointId: integer('point_id'),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    hash: text('hash').notNull(),
    image: text('image'),
    commentaire: text('commentaire'),
  },
  // One signature per operation and point: a double click cannot add a second.
  (t) => [uniqueIndex('consignation_operation_uq').on(t.processId, t.operation, sql`coalesce(point_id, 0)`)],
);

/** An isolation point of a lockout: copied from the equipment's points (or added on the lockout), with its padlock. */
export const consignationPoint = pgTable(
  'consignation_point',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => consignation.processId, { onDelete: 'cascade' }),
    equipementPointId: integer('equipement_point_id').references(() => equipementPointIsolement.id),
    idx: integer('idx').notNull().default(0),
    repere: text('repere').notNull(),
    energie: text('energie').notNull(),
    dispositif: text('dispositif').notNull(),
    positionRequise: text('position_requise').notNull(),
    moyenCondamnation: text('moyen_condamnation'),
    methodeVerification: text('methode_verification'),
    numeroCadenas: text('numero_cadenas'),
    poseParId: integer('pose_par_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    poseAt: timestamp('pose_at', { withTimezone: true }),
    retraitParId: integer('retrait_par_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    retraitAt: timestamp('retrait_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('consignation_point_process_idx').on(t.processId, t.idx),
    // An equipment's point is copied once into a lockout.
    uniqueIndex('consignation_point_equipement_uq').on(t.processId, t.equipementPointId),
  ],
);

/** A worker's personal padlock on the lockbox of a lockout: put on, taken off (by him, or by the absent-worker procedure). */
export const consignationCadenas = pgTable(
  'consignation_cadenas',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => consignation.processId, { onDelete: 'cascade' }),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id),
    numero: text('numero').notNull(),
    poseParId: integer('pose_par_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    poseAt: timestamp('pose_at', { withTimezone: true }).notNull().defaultNow(),
    retraitParId: integer('retrait_par_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    retraitAt: timestamp('retrait_at', { withTimezone: true }),
    /** Absent-worker procedure: why, the witness, the hash of what was signed. */
    motifAbsence: text('motif_absence'),
    temoinId: integer('temoin_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    hash: text('hash'),
    image: text('image'),
  },
  (t) => [
    index('consignation_cadenas_process_idx').on(t.processId),
    // One padlock on at a time per worker and lockout.
    uniqueIndex('consignation_cadenas_live_uq').on(t.processId, t.utilisateurId).where(sql`retrait_at is null`),
  ],
);

/** Per-company counter of attestations: numbers without gaps or duplicates (row lock, rolled back with the transaction). */
export const consignationCompteur = pgTable('consignation_compteur', {
  entrepriseId: integer('entreprise_id')
    .primaryKey()
    .references(() => entreprise.id, { onDelete: 'cascade' }),
  last: integer('last').notNull().default(0),
});

/** An attestation (de première étape, de consignation), numbered per company, dated with its time. */
/**
 * The register's totals (migration 0032): signed deltas of the number of lockouts per company and state, once for the
 * whole company (equipementRegistreId -1) and once per equipment of the registry (0: none); written by triggers only,
 * folded hourly. A total is the sum of a key's rows.
 */
export const consignationEtatCompte = pgTable(
  'consignation_etat_compte',
  {
    entrepriseId: integer('entreprise_id')
      .notNull()
      .references(() => entreprise.id, { onDelete: 'cascade' }),
    equipementRegistreId: integer('equipement_registre_id').notNull(),
    etat: text('etat').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('consignation_etat_compte_idx').on(t.entrepriseId, t.equipementRegistreId, t.etat)],
);

export const consignationAttestation = pgTable(
  'consignation_attestation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => consignation.processId, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    type: text('type').notNull(),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    hash: text('hash').notNull(),
    image: text('image'),
  },
  (t) => [
    uniqueIndex('consignation_attestation_numero_uq').on(t.entrepriseId, t.numero),
    index('consignation_attestation_process_idx').on(t.processId),
  ],
);

/** An avis de fin de travail (one per team; a daughter's own). */
export const consignationAvis = pgTable(
  'consignation_avis',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => consignation.processId, { onDelete: 'cascade' }),
    equipe: text('equipe').notNull(),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    hash: text('hash').notNull(),
    image: text('image'),
  },
  (t) => [index('consignation_avis_process_idx').on(t.processId)],
);

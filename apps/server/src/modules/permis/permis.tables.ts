import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { entreprise, tenant } from '../entreprise/entreprise.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

// Work permits (migration 0025): the record of a process of the `permis` package. Nothing here is deleted by the
// application: a permit is cancelled or closed with who and when; its signatures, extensions, suspensions and fire
// watch checks are appended.

const at = (name: string) => timestamp(name, { withTimezone: true });
const by = (name: string) => integer(name).references(() => utilisateur.id, { onDelete: 'set null' });

/** A permit: one per process. `etat` follows the contracts' state machine (permis-rules.ts). */
export const permis = pgTable(
  'permis',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    complements: text('complements').array().notNull().default(sql`'{}'::text[]`),
    modeValidite: text('mode_validite'),
    dateDebut: at('date_debut').notNull(),
    dateFin: at('date_fin').notNull(),
    dateFinInitiale: at('date_fin_initiale').notNull(),
    etat: text('etat').notNull().default('demande'),
    travaux: text('travaux'),
    mesures: text('mesures'),
    delivreAt: at('delivre_at'),
    demarreAt: at('demarre_at'),
    finTravauxAt: at('fin_travaux_at'),
    /** The fire watch of a hot-work permit, copied from the company's settings at the fin de travaux. */
    surveillanceMinutes: integer('surveillance_minutes'),
    controleIntervalleMinutes: integer('controle_intervalle_minutes'),
    closAt: at('clos_at'),
    closPar: by('clos_par'),
    annuleAt: at('annule_at'),
    annulePar: by('annule_par'),
    motifAnnulation: text('motif_annulation'),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    createdById: by('created_by_id'),
  },
  (t) => [uniqueIndex('permis_process_uq').on(t.processId), index('permis_entreprise_etat_idx').on(t.entrepriseId, t.etat)],
);

/** A lockout (a process of the `mc` package) the permit relies on: its déconsignation waits for the permit's closure. */
export const permisConsignation = pgTable(
  'permis_consignation',
  {
    entrepriseId: tenant(),
    permisId: integer('permis_id')
      .notNull()
      .references(() => permis.id, { onDelete: 'cascade' }),
    consignationId: integer('consignation_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'permis_consignation_pk', columns: [t.permisId, t.consignationId] }),
    index('permis_consignation_consignation_idx').on(t.consignationId),
  ],
);

/** A signature of an act (délivrance, fin de travaux) in a role: one per role and act, one role per person and act. */
export const permisSignature = pgTable(
  'permis_signature',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    permisId: integer('permis_id')
      .notNull()
      .references(() => permis.id, { onDelete: 'cascade' }),
    acte: text('acte').notNull(),
    role: text('role').notNull(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id),
    signedAt: at('signed_at').notNull().defaultNow(),
    image: text('image'),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('permis_signature_role_uq').on(t.permisId, t.acte, t.role),
    uniqueIndex('permis_signature_personne_uq').on(t.permisId, t.acte, t.utilisateurId),
  ],
);

/** An extension by re-signature: history of the end of validity. */
export const permisProlongation = pgTable(
  'permis_prolongation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    permisId: integer('permis_id')
      .notNull()
      .references(() => permis.id, { onDelete: 'cascade' }),
    ancienneFin: at('ancienne_fin').notNull(),
    nouvelleFin: at('nouvelle_fin').notNull(),
    motif: text('motif').notNull(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id),
    signedAt: at('signed_at').notNull().defaultNow(),
    image: text('image'),
    hash: text('hash').notNull(),
  },
  (t) => [index('permis_prolongation_permis_idx').on(t.permisId, t.id)],
);

/** A suspension, closed by its resumption; one open at a time. */
export const permisSuspension = pgTable(
  'permis_suspension',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    permisId: integer('permis_id')
      .notNull()
      .references(() => permis.id, { onDelete: 'cascade' }),
    motif: text('motif').notNull(),
    suspenduPar: integer('suspendu_par')
      .notNull()
      .references(() => utilisateur.id),
    suspenduAt: at('suspendu_at').notNull().defaultNow(),
    reprisPar: by('repris_par'),
    reprisAt: at('repris_at'),
    observationReprise: text('observation_reprise'),
  },
  (t) => [uniqueIndex('permis_suspension_ouverte_uq').on(t.permisId).where(sql`repris_at is null`)],
);

/** A signed check of the post-work fire watch, numbered 1…n in order. */
export const permisControle = pgTable(
  'permis_controle',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    permisId: integer('permis_id')
      .notNull()
      .references(() => permis.id, { onDelete: 'cascade' }),
    numero: integer('numero').notNull(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id),
    signedAt: at('signed_at').notNull().defaultNow(),
    observation: text('observation'),
    image: text('image'),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('permis_controle_numero_uq').on(t.permisId, t.numero)],
);

/** The company's permit settings: the post-work fire watch (defaults 120 min, a check every 30 min). */
export const permisSetting = pgTable('permis_setting', {
  entrepriseId: integer('entreprise_id')
    .primaryKey()
    .references(() => entreprise.id, { onDelete: 'cascade' }),
  surveillanceMinutes: integer('surveillance_minutes').notNull().default(120),
  controleIntervalleMinutes: integer('controle_intervalle_minutes').notNull().default(30),
  /** Default validity of a permit recorded without an end, in hours (migration 0028). */
  validiteHeures: integer('validite_heures').notNull().default(8),
});

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { entreprise, tenant } from '../entreprise/entreprise.tables.ts';
import { equipement } from '../equipement/equipement.tables.ts';
import { localisation } from '../localisation/localisation.tables.ts';
import { process } from '../process/process.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

/** A symbol of the company's catalogue (B0, B2V, BC, BE Manœuvre…, NF C18-510): data, seeded per company (0021). */
export const habilitation = pgTable(
  'habilitation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    code: text('code').notNull(),
    libelle: text('libelle').notNull(),
    domaine: text('domaine'),
    caractere: text('caractere'),
    nature: text('nature'),
    attribut: text('attribut'),
    medicalRequis: boolean('medical_requis').notNull().default(true),
    recyclageMois: integer('recyclage_mois'),
    actif: boolean('actif').notNull().default(true),
    idx: integer('idx').notNull().default(0),
    standard: boolean('standard').notNull().default(false),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('habilitation_code_uq').on(t.entrepriseId, t.code).where(sql`deleted_at is null`)],
);

/** Which symbol directly covers which (B2V → B2, B1V); followed transitively by the rules. */
export const habilitationCouverture = pgTable(
  'habilitation_couverture',
  {
    entrepriseId: tenant(),
    habilitationId: integer('habilitation_id')
      .notNull()
      .references(() => habilitation.id, { onDelete: 'cascade' }),
    couvreId: integer('couvre_id')
      .notNull()
      .references(() => habilitation.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'habilitation_couverture_pk', columns: [t.habilitationId, t.couvreId] }),
    index('habilitation_couverture_entreprise_idx').on(t.entrepriseId),
  ],
);

/** The company's default recyclage period. */
export const habilitationSetting = pgTable('habilitation_setting', {
  entrepriseId: integer('entreprise_id')
    .primaryKey()
    .references(() => entreprise.id, { onDelete: 'cascade' }),
  recyclageMois: integer('recyclage_mois').notNull().default(36),
});

/** A titre d'habilitation: employer-issued, signed by the employer and the holder; revoked or replaced, never deleted once signed. */
export const titreHabilitation = pgTable(
  'titre_habilitation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    numero: text('numero').notNull(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    employeur: text('employeur').notNull(),
    dateDelivrance: date('date_delivrance').notNull(),
    dateFinValidite: date('date_fin_validite'),
    formationId: integer('formation_id'),
    observations: text('observations'),
    etat: text('etat').notNull().default('brouillon'),
    signeEmployeurPar: integer('signe_employeur_par').references(() => utilisateur.id, { onDelete: 'set null' }),
    signeEmployeurNom: text('signe_employeur_nom'),
    signeEmployeurAt: timestamp('signe_employeur_at', { withTimezone: true }),
    signeEmployeurImage: text('signe_employeur_image'),
    signeTitulaireAt: timestamp('signe_titulaire_at', { withTimezone: true }),
    signeTitulaireImage: text('signe_titulaire_image'),
    revoqueAt: timestamp('revoque_at', { withTimezone: true }),
    revoquePar: integer('revoque_par').references(() => utilisateur.id, { onDelete: 'set null' }),
    motifRevocation: text('motif_revocation'),
    remplaceId: integer('remplace_id'),
    processId: integer('process_id').references(() => process.id, { onDelete: 'set null' }),
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => utilisateur.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('titre_habilitation_numero_uq').on(t.entrepriseId, t.numero).where(sql`deleted_at is null`),
    index('titre_habilitation_utilisateur_idx').on(t.utilisateurId),
    uniqueIndex('titre_habilitation_process_uq').on(t.processId, t.utilisateurId).where(sql`process_id is not null`),
  ],
);

/** A symbol held on a title, with its scope and recyclage due date (`date_expiration`, as the holders' API names it). */
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
    titreId: integer('titre_id').references(() => titreHabilitation.id, { onDelete: 'cascade' }),
    domaine: text('domaine'),
    equipementId: integer('equipement_id').references(() => equipement.id),
    localisationId: integer('localisation_id').references(() => localisation.id),
    dateObtention: date('date_obtention'),
    dateExpiration: date('date_expiration'),
    restrictions: text('restrictions'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('utilisateur_habilitation_titre_uq').on(t.titreId, t.habilitationId),
    index('utilisateur_habilitation_utilisateur_idx').on(t.utilisateurId),
    index('utilisateur_habilitation_habilitation_idx').on(t.habilitationId),
  ],
);

/** A medical visit; an attestation de non contre-indication (décret 2025-355) is valid 5 years. Cancelled, never deleted. */
export const visiteMedicale = pgTable(
  'visite_medicale',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    date: date('date').notNull(),
    resultat: text('resultat'),
    validUntil: date('valid_until'),
    restrictions: text('restrictions'),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => utilisateur.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => utilisateur.id, { onDelete: 'set null' }),
    motifAnnulation: text('motif_annulation'),
  },
  (t) => [index('visite_medicale_utilisateur_idx').on(t.utilisateurId, t.date)],
);

/** The habilitations a process requires of its signers, or grants when a habilitation request (mh) is validated. */
export const processHabilitation = pgTable(
  'process_habilitation',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    processId: integer('process_id')
      .notNull()
      .references(() => process.id, { onDelete: 'cascade' }),
    habilitationId: integer('habilitation_id')
      .notNull()
      .references(() => habilitation.id),
    sens: text('sens').notNull().default('requise'),
    utilisateurId: integer('utilisateur_id').references(() => utilisateur.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    createdBy: integer('created_by').references(() => utilisateur.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => utilisateur.id, { onDelete: 'set null' }),
  },
  (t) => [index('process_habilitation_habilitation_idx').on(t.habilitationId)],
);

/** Expiry alerts sent: one per person, record, due date and threshold (the job inserts here before it mails). */
export const habilitationAlerte = pgTable(
  'habilitation_alerte',
  {
    id: serial('id').primaryKey(),
    entrepriseId: tenant(),
    utilisateurId: integer('utilisateur_id')
      .notNull()
      .references(() => utilisateur.id, { onDelete: 'cascade' }),
    objet: text('objet').notNull(),
    objetId: integer('objet_id').notNull(),
    echeance: date('echeance').notNull(),
    seuil: integer('seuil').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('habilitation_alerte_uq').on(t.entrepriseId, t.utilisateurId, t.objet, t.objetId, t.echeance, t.seuil)],
);

import { sql } from 'drizzle-orm';
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { profilModele } from '../profil/profil.tables.ts';
import { serviceModele } from '../service-modele/service-modele.tables.ts';

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

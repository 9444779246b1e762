import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../platform/db/columns.ts';
import { tenant } from '../entreprise/entreprise.tables.ts';
import { supportAccess } from '../support/support.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';

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
    /** A super admin's open support row (migration 0014): the session acts in that row's company. */
    supportAccessId: integer('support_access_id').references(() => supportAccess.id, { onDelete: 'set null' }),
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

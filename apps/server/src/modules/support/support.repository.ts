import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { session } from '../auth/auth.tables.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';
import { utilisateur } from '../utilisateur/utilisateur.tables.ts';
import { supportAccess } from './support.tables.ts';

export type SupportEnd = 'quitter' | 'changement';

/**
 * The session's current support row, its row locked: enters and leaves of one session are serialised (a second
 * one waits, then reads what the first wrote). The session row is the caller's own (policy session_own, 0014).
 */
export async function lockSessionSupport(tx: Tx, sessionId: string): Promise<{ supportAccessId: number | null } | null> {
  const [row] = await tx.select({ supportAccessId: session.supportAccessId }).from(session).where(eq(session.id, sessionId)).for('update');
  return row ?? null;
}

/** Points the session at a support row (or none); its software choice is reset to the new company's first. */
export async function setSessionSupport(tx: Tx, sessionId: string, supportAccessId: number | null) {
  await tx.update(session).set({ supportAccessId, logicielCode: null }).where(eq(session.id, sessionId));
}

/** Closes a support row if it is still open; returns whether it was. */
export async function closeSupportAccess(tx: Tx, id: number, endedBy: SupportEnd): Promise<boolean> {
  const rows = await tx
    .update(supportAccess)
    .set({ leftAt: sql`now()`, endedBy })
    .where(and(eq(supportAccess.id, id), isNull(supportAccess.leftAt)))
    .returning({ id: supportAccess.id });
  return rows.length > 0;
}

/** An open support row (in the request's scope). */
export async function openSupportAccess(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: supportAccess.id, entrepriseId: supportAccess.entrepriseId, enteredAt: supportAccess.enteredAt })
    .from(supportAccess)
    .where(and(eq(supportAccess.id, id), isNull(supportAccess.leftAt)));
  return row ?? null;
}

/** Writes the journal row of an entry, in the client company's scope (row-level security checks the tenant). */
export async function insertSupportAccess(tx: Tx, v: { entrepriseId: number; utilisateurId: number; utilisateurLibelle: string }) {
  const [row] = await tx
    .insert(supportAccess)
    .values(v)
    .returning({ id: supportAccess.id, entrepriseId: supportAccess.entrepriseId, enteredAt: supportAccess.enteredAt });
  return row;
}

/** A company's name, if the request's scope sees it. */
export async function companyNameOf(tx: Tx, id: number): Promise<string | null> {
  const [row] = await tx.select({ nom: entreprise.nom }).from(entreprise).where(eq(entreprise.id, id));
  return row?.nom ?? null;
}

/** How a person is named in the journal: « Prénom Nom (mail) ». */
export async function personLabelOf(tx: Tx, id: number): Promise<string | null> {
  const [u] = await tx
    .select({ nom: utilisateur.nom, prenom: utilisateur.prenom, mail: utilisateur.mail })
    .from(utilisateur)
    .where(eq(utilisateur.id, id));
  return u ? `${u.prenom} ${u.nom} (${u.mail})`.trim() : null;
}

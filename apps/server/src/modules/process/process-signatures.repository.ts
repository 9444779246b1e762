import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { peopleByIds } from './process.repository.ts';
import { signature } from './process.tables.ts';

// The SQL of signatures: a live one covers its step's values (hash, see hashOfStep); a cleared one is kept, dated.

/** The live signatures of a process, with their signers' names (peopleByIds: a contractor reads its client's). */
export async function liveSignatures(tx: Tx, processId: number) {
  const rows = await tx
    .select()
    .from(signature)
    .where(and(eq(signature.processId, processId), isNull(signature.clearedAt)))
    .orderBy(asc(signature.id));
  const people = await peopleByIds(
    tx,
    rows.map((s) => s.utilisateurId),
  );
  return rows.map((s) => ({ s, nom: people.get(s.utilisateurId)?.nom ?? '', prenom: people.get(s.utilisateurId)?.prenom ?? '' }));
}

/** The fields of a step that hold a live signature. */
export async function signedFieldIds(tx: Tx, processId: number, etapeId: number): Promise<number[]> {
  const rows = await tx
    .select({ metriqueId: signature.metriqueId })
    .from(signature)
    .where(and(eq(signature.processId, processId), eq(signature.etapeId, etapeId), isNull(signature.clearedAt)));
  return rows.map((r) => r.metriqueId);
}

/** Whether this person has a live signature on a step of the process. */
export async function hasSignedStep(tx: Tx, processId: number, etapeId: number, utilisateurId: number): Promise<boolean> {
  const [mine] = await tx
    .select({ id: signature.id })
    .from(signature)
    .where(
      and(
        eq(signature.processId, processId),
        eq(signature.etapeId, etapeId),
        eq(signature.utilisateurId, utilisateurId),
        isNull(signature.clearedAt),
      ),
    );
  return Boolean(mine);
}

/** Adds the signer's signature on a field unless they already have a live one (retries and double clicks). */
export async function addSignature(
  tx: Tx,
  v: {
    entrepriseId: number;
    processId: number;
    etapeId: number;
    metriqueId: number;
    utilisateurId: number;
    image: string;
    hash: string;
    /** The habilitation the step required and the signer held (process.hooks.ts gateSignature), if any. */
    habilitation?: Record<string, unknown> | null;
  },
) {
  await tx.insert(signature).values(v).onConflictDoNothing();
}

export async function clearSignatures(tx: Tx, processId: number, etapeIds: number[]) {
  if (!etapeIds.length) return 0;
  const r = await tx
    .update(signature)
    .set({ clearedAt: sql`now()` })
    .where(and(eq(signature.processId, processId), inArray(signature.etapeId, etapeIds), isNull(signature.clearedAt)))
    .returning({ id: signature.id });
  return r.length;
}

/** Clears this person's live signature on a field; the id of the signature cleared, or null when there was none. */
export async function clearOwnSignature(tx: Tx, processId: number, metriqueId: number, utilisateurId: number): Promise<number | null> {
  const [r] = await tx
    .update(signature)
    .set({ clearedAt: new Date() })
    .where(
      and(
        eq(signature.processId, processId),
        eq(signature.metriqueId, metriqueId),
        eq(signature.utilisateurId, utilisateurId),
        isNull(signature.clearedAt),
      ),
    )
    .returning({ id: signature.id });
  return r?.id ?? null;
}

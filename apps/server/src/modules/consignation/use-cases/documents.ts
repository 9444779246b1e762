import type { TypeAttestation } from '@app/contracts';
import type { Caller } from '../../../platform/auth/caller.ts';
import type { Tx } from '../../../platform/db/engine.ts';
import { journal } from '../../process/index.ts';
import {
  type AttestationRow,
  type AvisRow,
  hashOf,
  insertAttestation,
  insertAvis,
  nextAttestationNumero,
} from '../consignation-parts.repository.ts';

// The lockout's documents as records: the attestation (numbered per company under the counter's row lock, with its
// date and time) and the avis de fin de travail, each with the hash of what was signed, journaled.

/** Signs an attestation of this lockout now: its number, date and time; journaled. The state moves elsewhere. */
export async function recordAttestation(
  tx: Tx,
  caller: Caller,
  p: { id: number; entrepriseId: number; numero: number },
  type: TypeAttestation,
  image: string | null,
  at = new Date(),
): Promise<AttestationRow> {
  const numero = await nextAttestationNumero(tx, p.entrepriseId);
  const hash = hashOf({ processId: p.id, processNumero: p.numero, type, numero, utilisateurId: caller.userId, at: at.toISOString() });
  const a = await insertAttestation(tx, {
    entrepriseId: p.entrepriseId,
    processId: p.id,
    numero,
    type,
    utilisateurId: caller.userId,
    at,
    hash,
    image,
  });
  await journal(tx, p, caller.userId, 'attestation', null, null, { type, numero, at: at.toISOString(), hash });
  return a;
}

/** Signs an avis de fin de travail for a team of this lockout; journaled. */
export async function recordAvis(
  tx: Tx,
  caller: Caller,
  p: { id: number; entrepriseId: number },
  equipe: string,
  image: string | null,
  at = new Date(),
): Promise<AvisRow> {
  const hash = hashOf({ processId: p.id, equipe, utilisateurId: caller.userId, at: at.toISOString() });
  const a = await insertAvis(tx, { entrepriseId: p.entrepriseId, processId: p.id, equipe, utilisateurId: caller.userId, at, hash, image });
  await journal(tx, p, caller.userId, 'avis-fin-de-travail', null, null, { equipe, at: at.toISOString(), hash });
  return a;
}

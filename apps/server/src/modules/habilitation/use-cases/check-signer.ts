import { type GateResult, gate, messageRefus } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { SignatureGate } from '../../process/index.ts';
import { catalogueOf, equipementPath, personOf, titresForGate, visitesForGate } from '../habilitation.repository.ts';

/** The codes a step requires (its config's habilitationsRequises), or none. */
export function requisOf(config: Record<string, unknown>): string[] {
  const r = config.habilitationsRequises;
  return Array.isArray(r) ? r.filter((x): x is string => typeof x === 'string' && x.trim() !== '') : [];
}

/**
 * The gate for one person (NF C18-510, décret 2025-355), read in the transaction: their titles and holdings, their
 * medical visits, their company's catalogue (coverage), and where the act happens (the process's equipment path).
 */
export async function checkPerson(
  tx: Tx,
  a: { utilisateurId: number; requis: string[]; at: Date; equipement?: { entrepriseId: number; id: number } | null },
): Promise<GateResult> {
  const person = await personOf(tx, a.utilisateurId);
  if (!person) return { ok: false, raisons: ['Personne introuvable.'] };
  const catalogue = await catalogueOf(tx, person.entrepriseId);
  const titres = await titresForGate(tx, person.id);
  const visites = await visitesForGate(tx, person.id);
  const equipementIds = a.equipement ? await equipementPath(tx, a.equipement.entrepriseId, a.equipement.id) : [];
  return gate({ requis: a.requis, at: a.at, catalogue, titres, visites, contexte: { equipementIds } });
}

/** Registered with the process module: a step requiring habilitations is signed only under a valid one (403 with the reasons). */
export const signatureGate: SignatureGate = async (tx, { caller, process, etape, at }) => {
  const requis = requisOf(etape.config);
  if (!requis.length) return null;
  const eq = process.equipement as { id?: unknown } | null;
  const equipementId = typeof eq?.id === 'number' ? eq.id : null;
  const r = await checkPerson(tx, {
    utilisateurId: caller.userId,
    requis,
    at,
    equipement: equipementId ? { entrepriseId: process.entrepriseId, id: equipementId } : null,
  });
  if (!r.ok)
    throw new AppError('FORBIDDEN', `Signature refusée pour l'étape « ${etape.nom} ». ${messageRefus(requis, r.raisons)}`, {
      requis,
      raisons: r.raisons,
    });
  return { ...r.snapshot };
};

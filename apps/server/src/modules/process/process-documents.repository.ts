import { eq } from 'drizzle-orm';
import type { Tx } from '../../platform/db/engine.ts';
import { entreprise } from '../entreprise/entreprise.tables.ts';

/**
 * The name of the company a process belongs to, printed on its documents. Read under row-level security: the
 * caller's own company, or for a contractor its client (entreprise_partner_read); '' if hidden.
 */
export async function companyNameOf(tx: Tx, entrepriseId: number): Promise<string> {
  const [row] = await tx.select({ nom: entreprise.nom }).from(entreprise).where(eq(entreprise.id, entrepriseId));
  return row?.nom ?? '';
}

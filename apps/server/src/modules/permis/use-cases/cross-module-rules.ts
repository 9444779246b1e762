import { estPermisDeFeu, type TypePermis } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { openPermitsOf, openPermitsOnLockout } from '../permis.repository.ts';

// What the permis module tells the consignation and coactivité modules (wired in permis.links.ts).

/** French reasons that block the déconsignation of a lockout: the open permits relying on it (domain.md §1.9). */
export async function permitsBlockingDeconsignation(tx: Tx, a: { entrepriseId: number; processId: number }): Promise<string[]> {
  const rows = await openPermitsOnLockout(tx, a.entrepriseId, a.processId);
  return rows.map((r) => `Permis N° ${r.numero / 100} non clos`);
}

/**
 * The activities of open permits, as the coactivité module's codes: the base permit's `travail` (or `feu` for a
 * permis de feu alone) and each complementary permit (feu, espace_confine, fouille, hauteur, levage, radiographie).
 */
export async function permitActivities(tx: Tx, a: { entrepriseId: number; processIds: number[] }): Promise<Map<number, string[]>> {
  const rows = await openPermitsOf(tx, a.entrepriseId, a.processIds);
  const out = new Map<number, string[]>();
  for (const r of rows) {
    const base = r.type === 'feu' ? ['feu'] : ['travail'];
    const all = [...new Set([...base, ...r.complements])];
    if (estPermisDeFeu({ type: r.type as TypePermis, complements: r.complements }) && !all.includes('feu')) all.push('feu');
    out.set(r.processId, all);
  }
  return out;
}

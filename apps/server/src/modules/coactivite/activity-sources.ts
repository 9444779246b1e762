import { ACTIVITE_OF_TYPE, type ActiviteCode, isActivite } from '@app/contracts';
import type { Tx } from '../../platform/db/engine.ts';
import { activitesOfWorkflows, type SubjectRow } from './coactivite.repository.ts';

/**
 * A module's source of the activities of lockouts and permits (the consignation module: the lockout's regime; the
 * permis module: the base permit and its complements): codes of the contracts' ACTIVITES, per process id.
 */
export type ActivitySource = (tx: Tx, a: { entrepriseId: number; processIds: number[] }) => Promise<Map<number, string[]>>;

const sources = new Map<string, ActivitySource>();

/** Registers a module's source of activities (by name: registering twice replaces). */
export function registerActivitySource(name: string, source: ActivitySource): void {
  sources.set(name, source);
}

/** The default of a process without any source: its lockout type, else a lockout or a work permit by its package. */
function defaults(p: SubjectRow): ActiviteCode[] {
  const byType = p.type_consignation === null ? undefined : ACTIVITE_OF_TYPE[p.type_consignation];
  if (byType) return [byType];
  if (p.package === 'mc') return ['consignation'];
  if (p.package === 'permis') return ['travail'];
  return [];
}

/**
 * The activities of each process: the union of its lockout type's (or package's) default, its workflow's (company
 * setting) and every registered source's. Unknown codes are dropped.
 */
export async function activitiesOf(tx: Tx, entrepriseId: number, rows: readonly SubjectRow[]): Promise<Map<number, ActiviteCode[]>> {
  const out = new Map<number, Set<ActiviteCode>>(rows.map((r) => [r.id, new Set(defaults(r))]));
  if (!rows.length) return new Map();
  const add = (id: number, list: readonly string[] | undefined) => {
    const set = out.get(id);
    if (set) for (const a of list ?? []) if (isActivite(a)) set.add(a);
  };
  const byModele = await activitesOfWorkflows(tx, [...new Set(rows.map((r) => r.process_modele_id))]);
  for (const r of rows) add(r.id, byModele.get(r.process_modele_id));
  const processIds = rows.map((r) => r.id);
  for (const source of sources.values()) {
    const found = await source(tx, { entrepriseId, processIds });
    for (const [id, list] of found) add(id, list);
  }
  return new Map([...out].map(([id, set]) => [id, [...set]]));
}

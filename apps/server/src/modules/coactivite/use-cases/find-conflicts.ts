import { type ActiviteCode, type CoactiviteProcess, type Conflit, findConflicts, sameSubtree } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { activitiesOf } from '../activity-sources.ts';
import {
  matrixOfCompany,
  openSubjects,
  PACKAGES,
  type SubjectRow,
  subjectsByIds,
  zonePaths,
  zonesBelow,
} from '../coactivite.repository.ts';

/** A window given by a module that changes it (a permit's extension): ISO instants, null unbounded. */
export interface Window {
  debut: string | null;
  fin: string | null;
}

export interface Found {
  /** The process checked, as the finder saw it (null: not a lockout nor a permit of the company). */
  candidate: (CoactiviteProcess & { row: SubjectRow }) | null;
  activites: ActiviteCode[];
  conflits: Conflit[];
  /** The rows of the others in conflict, by id (their state for the screen). */
  others: Map<number, SubjectRow>;
}

const isLockoutOrPermit = (r: SubjectRow) => (PACKAGES as readonly string[]).includes(r.package ?? '');

/**
 * The conflicts of a lockout or permit with the company's others in progress: `against` 'earlier' (signing: the
 * processes created before it, which have precedence) or 'all' (creation, a window's extension). Activities are read
 * only for the others on the same equipment subtree or zone whose window overlaps.
 */
export async function conflictsOf(
  tx: Tx,
  entrepriseId: number,
  processId: number,
  opts: { against: 'earlier' | 'all'; window?: Window },
): Promise<Found> {
  const none: Found = { candidate: null, activites: [], conflits: [], others: new Map() };
  const [row] = await subjectsByIds(tx, entrepriseId, [processId]);
  if (!row || !isLockoutOrPermit(row)) return none;
  const w = opts.window ?? { debut: row.debut, fin: row.fin };
  const equipementPath = row.equipement_path?.length ? row.equipement_path : row.equipement_id ? [row.equipement_id] : [];
  const own = await zonePaths(tx, row.localisation_ids ?? []);
  // Its zones, their parents and their children: another process there may meet it.
  const zoneIds = [...new Set([...[...own.values()].flatMap((z) => z.path), ...(await zonesBelow(tx, row.localisation_ids ?? []))])];
  const rows = await openSubjects(tx, entrepriseId, {
    ...w,
    exceptId: row.id,
    beforeId: opts.against === 'earlier' ? row.id : undefined,
    equipementPath,
    zoneIds,
  });
  const zones = await zonePaths(
    tx,
    [row, ...rows].flatMap((r) => r.localisation_ids ?? []),
  );
  const subject = (r: SubjectRow, activites: readonly string[] = []): CoactiviteProcess => ({
    id: r.id,
    numero: r.numero / 100,
    nom: r.nom,
    debut: r.debut,
    fin: r.fin,
    equipementPath: r.equipement_path?.length ? r.equipement_path : r.equipement_id ? [r.equipement_id] : null,
    equipementLibelle: r.equipement_libelle,
    zonePaths: (r.localisation_ids ?? []).map((id) => zones.get(id)?.path ?? [id]),
    zoneLibelles: Object.fromEntries((r.localisation_ids ?? []).map((id) => [id, zones.get(id)?.libelle ?? ''])),
    activites,
  });
  const me = { ...subject(row), ...w };
  // Only those sharing the equipment subtree or a zone can conflict: their activities are read, no one else's.
  const near = rows.filter((r) => {
    const o = subject(r);
    return sameSubtree(me.equipementPath, o.equipementPath) || me.zonePaths.some((p) => o.zonePaths.some((q) => sameSubtree(p, q)));
  });
  const activites = await activitiesOf(tx, entrepriseId, [row, ...near]);
  const mine = activites.get(row.id) ?? [];
  const candidate = { ...me, activites: mine, row };
  if (!near.length || !mine.length) return { candidate, activites: mine, conflits: [], others: new Map() };
  const conflits = findConflicts(
    candidate,
    near.map((r) => subject(r, activites.get(r.id) ?? [])),
    await matrixOfCompany(tx, entrepriseId),
  );
  return { candidate, activites: mine, conflits, others: new Map(near.map((r) => [r.id, r])) };
}

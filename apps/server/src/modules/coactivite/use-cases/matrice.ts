import {
  ACTIVITE_LABELS,
  ACTIVITES,
  DEFAULT_INCOMPATIBILITES,
  type IncompatibiliteUpdate,
  type Matrice,
  pairOf,
  type WorkflowActivitesUpdate,
} from '@app/contracts';
import type { z } from 'zod';
import { AppError, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import {
  cellOf,
  deleteCell,
  matrixRows,
  modeleOf,
  PACKAGES,
  saveWorkflowActivites,
  upsertCell,
  workflowActivites,
} from '../coactivite.repository.ts';

type Cell = Awaited<ReturnType<typeof matrixRows>>[number];
const present = (r: Cell) => ({ ...r, updatedAt: r.updatedAt ? new Date(r.updatedAt).toISOString() : null }) as Matrice['regles'][number];

/** The settings screen: the vocabulary, the company's matrix and its lockout and permit workflows' activities. */
export async function getMatrice({ tx, caller }: Pick<Ctx, 'tx' | 'caller'>): Promise<Matrice> {
  const regles = await matrixRows(tx, caller.entrepriseId);
  const workflows = await workflowActivites(tx, caller.entrepriseId);
  return {
    activites: ACTIVITES.map((code) => ({ code, libelle: ACTIVITE_LABELS[code] })),
    regles: regles.map(present),
    workflows: workflows.map((w) => ({
      ...w,
      activites: w.activites.filter((a) => (ACTIVITES as readonly string[]).includes(a)),
    })) as Matrice['workflows'],
  };
}

/**
 * Sets one cell of the matrix (the pair in either order); a decision null empties it. Without a portée or a motif,
 * the cell keeps its own, else takes the default matrix's for this pair.
 */
export async function updateCell({ tx, caller }: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof IncompatibiliteUpdate>) {
  const [a, b] = pairOf(body.a, body.b);
  if (body.decision === null) {
    await deleteCell(tx, caller.entrepriseId, a, b);
    return null;
  }
  const current = await cellOf(tx, caller.entrepriseId, a, b);
  const standard = DEFAULT_INCOMPATIBILITES.find((r) => r.a === a && r.b === b);
  await upsertCell(tx, {
    entrepriseId: caller.entrepriseId,
    a,
    b,
    decision: body.decision,
    portee: body.portee ?? current?.portee ?? standard?.portee ?? 'zone',
    motif: body.motif ?? current?.motif ?? standard?.motif ?? '',
    by: caller.userId,
  });
  const saved = await cellOf(tx, caller.entrepriseId, a, b);
  return saved ? present(saved) : null;
}

/** Sets the activities a lockout or permit workflow's processes carry. */
export async function updateWorkflowActivites({ tx, caller }: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof WorkflowActivitesUpdate>) {
  const m = await modeleOf(tx, caller.entrepriseId, body.processModeleId);
  if (!m) throw notFound('Workflow introuvable.');
  if (!(PACKAGES as readonly string[]).includes(m.package ?? ''))
    throw new AppError('VALIDATION', 'Seuls les workflows de consignation et de permis portent des activités de coactivité.', [
      { champ: 'processModeleId', message: 'ni consignation ni permis' },
    ]);
  const activites = ACTIVITES.filter((a) => body.activites.includes(a));
  await saveWorkflowActivites(tx, caller.entrepriseId, m.id, activites);
  const [w] = (await workflowActivites(tx, caller.entrepriseId)).filter((x) => x.processModeleId === m.id);
  return { ...w, activites };
}

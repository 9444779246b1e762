import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { metriqueById, metriquesOfModeleAmong } from '../etape.repository.ts';

/** A group parent must be a group of the same step; conditions and references must name fields of the model. */
export async function assertFieldLinks(
  tx: Tx,
  entrepriseId: number,
  modeleId: number,
  etapeId: number,
  v: { parentId?: number | null; conditions?: { tests: { metriqueId: number }[] }[]; references?: { metriqueId: number } | null },
) {
  if (v.parentId) {
    const p = await metriqueById(tx, entrepriseId, v.parentId);
    if (!p || p.etapeId !== etapeId || p.dataType !== 'group')
      throw new AppError('VALIDATION', 'Le parent doit être un groupe de la même étape.', [
        { champ: 'parentId', message: 'groupe attendu' },
      ]);
  }
  const ids = [
    ...new Set([
      ...(v.conditions ?? []).flatMap((c) => c.tests.map((t) => t.metriqueId)),
      ...(v.references ? [v.references.metriqueId] : []),
    ]),
  ];
  if (ids.length && (await metriquesOfModeleAmong(tx, modeleId, ids)).length !== ids.length) {
    throw new AppError('VALIDATION', 'Une condition ou une référence vise un champ inconnu de ce workflow.', [
      { champ: 'conditions', message: 'champ inconnu' },
    ]);
  }
}

import { AppError, assertCan, notFound } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { announce, journal, lockProcesses } from '../process.repository.ts';
import { parentIdOf, setParent } from '../process-structure.repository.ts';
import { processOrThrow } from './engine-helpers.ts';

/** Attaches processes under a parent (or detaches them with null), refusing a loop; each one journaled. */
export async function assignParents(ctx: Pick<Ctx, 'tx' | 'caller'>, processIds: number[], parentId: number | null) {
  const { tx, caller } = ctx;
  const ids = [...new Set(processIds)];
  const rows = await lockProcesses(tx, caller.entrepriseId, ids);
  if (rows.length !== ids.length) throw notFound('Processus introuvable.');
  let niveau = 0;
  if (parentId !== null) {
    const parent = await processOrThrow(tx, caller, parentId);
    // The parent must not descend from a process being attached: that would make a loop.
    for (let cur: number | null = parent.id; cur !== null; cur = await parentIdOf(tx, cur)) {
      if (ids.includes(cur)) throw new AppError('VALIDATION', 'Un processus ne peut pas devenir le parent de son propre ascendant.');
    }
    niveau = parent.niveau + 1;
  }
  for (const r of rows) assertCan(caller.ability, 'update', 'Process', { id: r.id, entrepriseId: r.entrepriseId });
  await setParent(tx, ids, parentId, niveau);
  for (const r of rows) await journal(tx, r, caller.userId, 'rattachement', null, { parentId: r.parentId }, { parentId });
  await announce(tx, caller.entrepriseId, 'updated', ids);
}

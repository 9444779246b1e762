import type { ProcessEtat } from '@app/contracts';
import type { Ctx } from '../../../platform/http/route.ts';
import { findProcess } from '../process.repository.ts';
import { childrenOf } from '../process-structure.repository.ts';
import { processScope, sharedProcessOrThrow } from './engine-helpers.ts';

interface Node {
  id: number;
  nomProcess: string;
  numero: number;
  etat: ProcessEtat;
  children: Node[];
}

/**
 * The tree a process belongs to, from its root (bounded: 100 levels up, 50 down); for a contractor, the part of it
 * its policies show (a parent it may not read ends the way up).
 */
export async function getProcessTree(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number): Promise<Node> {
  let root = await sharedProcessOrThrow(ctx.tx, ctx.caller, id);
  for (let i = 0; root.parentId !== null && i < 100; i++) {
    const up = await findProcess(ctx.tx, processScope(ctx.caller), root.parentId);
    if (!up) break;
    root = up;
  }
  const node = (p: { id: number; nomProcess: string; numero: number; etat: string }): Node => ({
    id: p.id,
    nomProcess: p.nomProcess,
    numero: p.numero,
    etat: p.etat as ProcessEtat,
    children: [],
  });
  const top = node(root);
  const byId = new Map([[top.id, top]]);
  for (let frontier = [top.id], depth = 0; frontier.length && depth < 50; depth++) {
    const kids = await childrenOf(ctx.tx, root.entrepriseId, frontier);
    frontier = [];
    for (const k of kids) {
      if (byId.has(k.id)) continue;
      const n = node(k);
      byId.get(k.parentId as number)?.children.push(n);
      byId.set(k.id, n);
      frontier.push(k.id);
    }
  }
  return top;
}

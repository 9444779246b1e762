import type { Ctx } from '../../../platform/http/route.ts';
import { findProcess } from '../process.repository.ts';
import { processScope, sharedProcessOrThrow } from './engine-helpers.ts';

/** The ancestors of a process, its parent first (bounded: 100); for a contractor, those its policies show. */
export async function listParents(ctx: Pick<Ctx, 'tx' | 'caller'>, id: number) {
  const p = await sharedProcessOrThrow(ctx.tx, ctx.caller, id);
  const out: { id: number; nomProcess: string; numero: number; niveau: number }[] = [];
  for (let cur = p.parentId; cur !== null && out.length < 100; ) {
    const up = await findProcess(ctx.tx, processScope(ctx.caller), cur);
    if (!up) break;
    out.push({ id: up.id, nomProcess: up.nomProcess, numero: up.numero, niveau: up.niveau });
    cur = up.parentId;
  }
  return out;
}

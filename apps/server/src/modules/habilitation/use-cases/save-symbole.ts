import { cycleDeCouverture, type SymboleCreate, type SymboleUpdate } from '@app/contracts';
import type { z } from 'zod';
import { AppError, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { findSymbole, insertSymbole, listSymboles, lockCatalogue, setCouverture, updateSymbole } from '../habilitation.repository.ts';

/** Refuses a coverage that would make the symbol cover itself (B1 covering B2V, which covers B1). */
async function assertNoCycle(ctx: Pick<Ctx, 'tx' | 'caller'>, code: string, couvreIds: number[], selfId?: number) {
  if (selfId !== undefined && couvreIds.includes(selfId)) throw new AppError('VALIDATION', 'Un symbole ne peut pas se couvrir lui-même.');
  const all = await listSymboles(ctx.tx, ctx.caller.entrepriseId);
  const catalogue = all.filter((s) => s.id !== selfId).map((s) => ({ code: s.code, couvre: s.couvre, medicalRequis: s.medicalRequis }));
  const codes = all.filter((s) => couvreIds.includes(s.id)).map((s) => s.code);
  const bad = cycleDeCouverture(catalogue, code, codes);
  if (bad)
    throw new AppError('VALIDATION', `${bad} couvre déjà ${code} : ${code} ne peut pas couvrir ${bad}.`, [
      { champ: 'couvreIds', message: bad },
    ]);
}

/** Adds a symbol to the company's catalogue (code unique among its live symbols: 409). */
export async function createSymbole(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof SymboleCreate>) {
  const { tx, caller } = ctx;
  await lockCatalogue(tx, caller.entrepriseId);
  const couvreIds = [...new Set(body.couvreIds ?? [])];
  await assertNoCycle(ctx, body.code, couvreIds);
  const { couvreIds: _c, ...values } = body;
  const id = await insertSymbole(tx, caller.entrepriseId, values);
  await setCouverture(tx, caller.entrepriseId, id, couvreIds);
  return foundOrThrow(await findSymbole(tx, caller.entrepriseId, id));
}

/** Changes a symbol; `couvreIds`, when given, replaces what it covers. */
export async function updateSymboleOf(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof SymboleUpdate>) {
  const { tx, caller } = ctx;
  await lockCatalogue(tx, caller.entrepriseId);
  const s = foundOrThrow(await findSymbole(tx, caller.entrepriseId, body.id), 'Symbole introuvable.');
  const { id, couvreIds, ...values } = body;
  if (couvreIds) {
    const ids = [...new Set(couvreIds)];
    await assertNoCycle(ctx, values.code ?? s.code, ids, id);
    await setCouverture(tx, caller.entrepriseId, id, ids);
  }
  await updateSymbole(tx, id, values);
  return foundOrThrow(await findSymbole(tx, caller.entrepriseId, id));
}

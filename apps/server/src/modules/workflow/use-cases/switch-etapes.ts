import type { EtapeSwitch } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { etapesOf, renumberEtapes } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow } from './get-workflow.ts';

/** Swaps the places of two steps of one model; returns the model's id. */
export async function switchEtapes(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof EtapeSwitch>): Promise<number> {
  const a = await etapeOrThrow(ctx, body.id);
  const b = await etapeOrThrow(ctx, body.targetId);
  if (a.processModeleId !== b.processModeleId) throw new AppError('VALIDATION', 'Les deux étapes doivent appartenir au même workflow.');
  await editModele(ctx, a.processModeleId, async (tx) => {
    const ids = (await etapesOf(tx, a.processModeleId)).map((s) => s.id);
    const i = ids.indexOf(a.id);
    const j = ids.indexOf(b.id);
    [ids[i], ids[j]] = [ids[j], ids[i]];
    await renumberEtapes(tx, ids);
  });
  return a.processModeleId;
}

import type { EtapeArrange } from '@app/contracts';
import type { z } from 'zod';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { etapesOf, renumberEtapes } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';

/** Puts the model's steps in the given order, which must name each of them once. */
export async function arrangeEtapes(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof EtapeArrange>): Promise<void> {
  await editModele(ctx, body.processModeleId, async (tx, m) => {
    const steps = await etapesOf(tx, m.id);
    const ids = [...new Set(body.ids)];
    if (ids.length !== steps.length || !steps.every((s) => ids.includes(s.id))) {
      throw new AppError('VALIDATION', 'La liste doit contenir chaque étape du workflow une fois.', [
        { champ: 'ids', message: 'incomplète' },
      ]);
    }
    await renumberEtapes(tx, ids);
  });
}

import type { MetriqueRename } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { updateMetriqueRow } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';
import { metriqueOrThrow } from './get-workflow.ts';

/** Renames a field; returns its id. */
export async function renameMetrique(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof MetriqueRename>): Promise<number> {
  const f = await metriqueOrThrow(ctx, body.id);
  await editModele(ctx, f.processModeleId, (tx) => updateMetriqueRow(tx, f.id, { nom: body.nom }));
  return f.id;
}

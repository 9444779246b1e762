import type { EtapeCreate } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { etapesOf, insertEtape, shiftEtapesFrom } from '../etape.repository.ts';
import { editModele } from './edit-modele.ts';

/** Adds a step at its `ordre` (the later steps move down) or at the end; returns its id. */
export async function addEtape(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof EtapeCreate>): Promise<number> {
  return editModele(ctx, body.processModeleId, async (tx, m) => {
    const steps = await etapesOf(tx, m.id);
    const ordre = Math.min(body.ordre ?? steps.length + 1, steps.length + 1);
    if (ordre <= steps.length) await shiftEtapesFrom(tx, m.id, ordre);
    return insertEtape(tx, { entrepriseId: m.entrepriseId, processModeleId: m.id, nom: body.nom, ordre, config: body.config ?? {} });
  });
}

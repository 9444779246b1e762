import type { WorkflowLock } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { updateModeleRow } from '../workflow.repository.ts';
import { editModele } from './edit-modele.ts';

/** Locks or unlocks a model's structure (allowed on a locked model, of course). */
export async function lockWorkflow(ctx: Pick<Ctx, 'tx' | 'caller'>, body: z.output<typeof WorkflowLock>): Promise<void> {
  await editModele(ctx, body.id, (tx) => updateModeleRow(tx, body.id, { locked: body.locked }), { ignoreLock: true });
}

import type { Ctx } from '../../../platform/http/route.ts';
import { fieldsOfModele, type ProcessRow, stepsOfModele } from '../process.repository.ts';
import { createProcess } from './create-process.ts';
import { processOrThrow } from './engine-helpers.ts';
import { withoutRoundValues } from './round-fields.ts';

/**
 * A new process of the same workflow with the header and the first step's values copied (not its signatures or files);
 * the other modules copy what is theirs (a lockout's isolation points, without padlocks).
 */
export async function duplicateProcess(ctx: Pick<Ctx, 'tx' | 'caller' | 'deps'>, id: number): Promise<ProcessRow> {
  const src = await processOrThrow(ctx.tx, ctx.caller, id);
  const steps = await stepsOfModele(ctx.tx, src.processModeleId);
  const fields = await fieldsOfModele(ctx.tx, src.processModeleId);
  const first = steps[0];
  const values = src.rawData as Record<string, unknown>;
  const rawData = Object.fromEntries(
    fields
      .filter((f) => f.etapeId === first?.id && !['signature', 'file'].includes(f.dataType) && values[String(f.id)] !== undefined)
      .map((f) => [String(f.id), values[String(f.id)]]),
  );
  // A copy has no readings of its own yet: its reading fields start empty.
  return createProcess(
    ctx,
    {
      processModeleId: src.processModeleId,
      nomProcess: `${src.nomProcess} (copie)`,
      parentId: src.parentId,
      rawData: withoutRoundValues(rawData, fields),
      equipement: src.equipement as never,
      typeConsignation: src.typeConsignation,
      prestataireIds: src.prestataireIds,
    },
    'duplicated',
    { sourceId: src.id },
  );
}

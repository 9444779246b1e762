import {
  fieldCoversPoint,
  isRoundField,
  type RoundFieldConfig,
  RoundFieldInput,
  type RoundFieldValue,
  roundFieldConfig,
} from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import type { Field, ProcessRow } from '../process.repository.ts';
import { assertEditable, engineContext, sharedProcessOrThrow } from './engine-helpers.ts';
import { assertCanAct } from './step-permission.ts';

/**
 * The reading fields of the engine (`gamme_releves`, `etape_gamme_releves`, ticket 13). The readings themselves
 * belong to the gamme module; it gives here the summary of a process's readings (registerRoundSummary, from its
 * index.ts), and asks here whether a round may be recorded into a process (assertRoundTarget).
 */
export type RoundSummaryOf = (
  tx: Tx,
  entrepriseId: number,
  processId: number,
  config: RoundFieldConfig,
  releveIds: number[],
) => Promise<RoundFieldValue>;

let summaryOf: RoundSummaryOf | null = null;
export function registerRoundSummary(fn: RoundSummaryOf): void {
  summaryOf = fn;
}

const configOf = (f: Field) => roundFieldConfig(f.dataType, f.propertyValues as Record<string, unknown>);

/**
 * Replaces the values sent for reading fields by the summary of the readings they name, read from the recorded rows
 * (the gamme, the process, the points the field covers are checked there: 400 otherwise). An empty value clears it.
 */
export async function summarizeRoundValues(
  tx: Tx,
  p: ProcessRow,
  fields: Field[],
  incoming: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const out = { ...incoming };
  for (const f of fields) {
    const key = String(f.id);
    if (!isRoundField(f.dataType) || !(key in incoming)) continue;
    const v = incoming[key];
    if (v === null || v === undefined || v === '') {
      out[key] = null;
      continue;
    }
    const champ = `rawData.${key}`;
    const config = configOf(f);
    if (!config)
      throw new AppError('VALIDATION', `Le champ « ${f.nom} » n’a pas de gamme : complétez le workflow.`, [{ champ, message: 'gamme' }]);
    const parsed = RoundFieldInput.safeParse(v);
    if (!parsed.success) {
      throw new AppError('VALIDATION', `Valeur invalide pour « ${f.nom} » : enregistrez la ronde de relevés.`, [
        { champ, message: 'ronde attendue' },
      ]);
    }
    if (parsed.data.gammeId !== config.gammeId)
      throw new AppError('VALIDATION', `Le champ « ${f.nom} » saisit une autre gamme.`, [{ champ, message: 'gamme' }]);
    if (!summaryOf) throw new AppError('VALIDATION', 'Relevés indisponibles.', [{ champ, message: 'relevés' }]);
    out[key] = await summaryOf(tx, p.entrepriseId, p.id, config, [...new Set(parsed.data.releveIds)]);
  }
  return out;
}

/** A process's values a copy or a creation must not carry: readings belong to the process that recorded them. */
export function withoutRoundValues(values: Record<string, unknown>, fields: Field[]): Record<string, unknown> {
  const rounds = new Set(fields.filter((f) => isRoundField(f.dataType)).map((f) => String(f.id)));
  return Object.fromEntries(Object.entries(values).filter(([k]) => !rounds.has(k)));
}

/**
 * Whether readings of these points may be recorded into a process: a process of the caller's company, editable,
 * whose current step has a reading field covering each point, and whose current step the caller may act on (the
 * engine's step permission). 404 for another company's process, 409 for a finished one or a point no field of the
 * current step takes, 403 when the step is not the caller's.
 */
export async function assertRoundTarget(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  processId: number,
  points: { id: number; gammeId: number; nom: string }[],
) {
  const { tx, caller } = ctx;
  const p = await sharedProcessOrThrow(tx, caller, processId);
  if (p.entrepriseId !== caller.entrepriseId) throw new AppError('FORBIDDEN', 'Seule l’entreprise du processus enregistre ses relevés.');
  assertEditable(p);
  const { fields, state, current } = await engineContext(tx, p);
  const own = fields.filter((f) => f.etapeId === current?.id && isRoundField(f.dataType)).map(configOf);
  const outside = points.find((pt) => !own.some((c) => fieldCoversPoint(c, pt)));
  if (outside) {
    throw new AppError('CONFLICT', `Le point « ${outside.nom} » ne se relève pas à l’étape en cours de ce processus.`, [
      { champ: 'processId', message: 'étape' },
    ]);
  }
  await assertCanAct(tx, caller, p, state, current, p.rawData as Record<string, unknown>);
}

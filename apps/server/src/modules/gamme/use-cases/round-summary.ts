import { fieldCoversPoint, type RoundFieldConfig, type RoundFieldValue, roundSummary } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { releveLinesOf } from '../gamme.repository.ts';

/**
 * The summary a process's reading field keeps, from the readings it names: each must be a reading of this process
 * (recorded with its processId), of the field's gamme and of a point the field covers, not cancelled; else 400,
 * nothing written. The lines follow the order of the ids sent (the round's order).
 */
export async function roundSummaryOf(
  tx: Tx,
  entrepriseId: number,
  processId: number,
  config: RoundFieldConfig,
  releveIds: number[],
): Promise<RoundFieldValue> {
  const rows = new Map((await releveLinesOf(tx, entrepriseId, releveIds)).map((r) => [r.id, r]));
  const lignes = releveIds.map((id, i) => {
    const r = rows.get(id);
    const refuse = (message: string) => {
      throw new AppError('VALIDATION', message, [{ champ: `releveIds.${i}`, message }]);
    };
    if (!r) return refuse('Relevé introuvable.');
    if (r.process_id !== processId) return refuse('Ce relevé n’a pas été saisi pour ce processus.');
    if (!fieldCoversPoint(config, { id: r.metrique_id, gammeId: r.gamme_id }))
      return refuse(`Le point « ${r.point_nom} » n’appartient pas à la gamme de ce champ.`);
    if (r.cancelled) return refuse(`Le relevé de « ${r.point_nom} » a été annulé.`);
    return {
      releveId: r.id,
      metriqueId: r.metrique_id,
      point: r.point_nom,
      valeur: r.value,
      unite: r.unite,
      niveau: r.niveau,
      comment: r.comment,
    };
  });
  return roundSummary(config.gammeId, lignes);
}

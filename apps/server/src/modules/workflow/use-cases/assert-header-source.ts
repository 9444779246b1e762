import { canFeedHeader, HEADER_FIELD_LABELS, type HeaderField, headerSourceConflict, processFieldOf } from '@app/contracts';
import type { Tx } from '../../../platform/db/engine.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { metriquesOfModele } from '../etape.repository.ts';

/**
 * A field marked as the source of a process header value (propertyValues.processField) must be of a kind that fits
 * it (400), and no other field of the workflow may already feed it (409; a date's day and time are two sources of
 * one value). Runs under the workflow's lock (editModele): two editors cannot both mark a source.
 */
export async function assertHeaderSource(
  tx: Tx,
  modeleId: number,
  field: { id: number; nom: string; dataType: string; propertyValues: Record<string, unknown> },
) {
  const h = processFieldOf(field);
  if (!h) return;
  if (!canFeedHeader(field.dataType, h)) {
    throw new AppError('VALIDATION', `Un champ « ${field.dataType} » ne peut pas alimenter « ${HEADER_FIELD_LABELS[h as HeaderField]} ».`, [
      { champ: 'propertyValues.processField', message: 'type de champ incompatible' },
    ]);
  }
  const other = headerSourceConflict(
    (await metriquesOfModele(tx, modeleId)).map((m) => ({ ...m, propertyValues: m.propertyValues as Record<string, unknown> })),
    field,
  );
  if (other) {
    throw new AppError(
      'CONFLICT',
      `« ${HEADER_FIELD_LABELS[h]} » est déjà alimenté par le champ « ${other.nom} » de ce workflow : un seul champ par valeur.`,
      [{ champ: 'propertyValues.processField', message: `déjà alimenté par ${other.id}` }],
    );
  }
}

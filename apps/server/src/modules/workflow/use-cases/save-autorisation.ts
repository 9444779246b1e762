import type { EtapeAutorisationCreate } from '@app/contracts';
import type { z } from 'zod';
import type { Ctx } from '../../../platform/http/route.ts';
import { type AutorisationRow, insertAutorisation } from '../etape.repository.ts';
import { assertFieldLinks } from './assert-field-links.ts';
import { editModele } from './edit-modele.ts';
import { etapeOrThrow } from './get-workflow.ts';

/**
 * Adds a rule to a step: who may act on it (a validator, a person, a profile, a service) or on which field value.
 * Only the column of its type is kept; the person, profile and service named are references checked by the
 * platform (contracts: ref()), the field of a condition must be of the model.
 */
export async function saveAutorisation(
  ctx: Pick<Ctx, 'tx' | 'caller'>,
  body: z.output<typeof EtapeAutorisationCreate>,
): Promise<AutorisationRow> {
  const s = await etapeOrThrow(ctx, body.etapeId);
  return editModele(ctx, s.processModeleId, async (tx, m) => {
    if (body.test) await assertFieldLinks(tx, m.entrepriseId, m.id, s.id, { conditions: [{ tests: [body.test] }] });
    return insertAutorisation(tx, {
      entrepriseId: m.entrepriseId,
      etapeId: s.id,
      type: body.type,
      utilisateurId: body.type === 'validateur' || body.type === 'utilisateur' ? (body.utilisateurId ?? null) : null,
      profilModeleId: body.type === 'profil' ? (body.profilId ?? null) : null,
      serviceModeleId: body.type === 'service' ? (body.serviceId ?? null) : null,
      test: body.type === 'condition' ? (body.test ?? null) : null,
    });
  });
}

import type { Formation, FormationSave } from '@app/contracts';
import type { z } from 'zod';
import { assertCan, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { cancelFormation, findFormation, insertFormation, replaceAvis, updateFormation } from '../formation.repository.ts';

/**
 * save: without `id` records a training (create « Habilitation »), with `id` replaces its fields and its avis après
 * formation (update). Symbols are stored upper-case, one avis per symbol.
 */
export async function saveFormation(ctx: Ctx, body: z.output<typeof FormationSave>): Promise<Formation> {
  const { tx, caller } = ctx;
  const values = {
    utilisateurId: body.utilisateurId,
    intitule: body.intitule,
    organisme: body.organisme,
    date: body.date,
    validUntil: body.validUntil ?? null,
  };
  const avis = body.avisApresFormation.map((a) => ({ symbole: a.symbole.toUpperCase(), avis: a.avis }));
  let id = body.id;
  if (id === undefined) {
    assertCan(caller.ability, 'create', 'Habilitation', { entrepriseId: caller.entrepriseId });
    id = await insertFormation(tx, caller.entrepriseId, caller.userId, values);
  } else {
    foundOrThrow(await findFormation(tx, caller.entrepriseId, id, true), 'Formation introuvable.');
    assertCan(caller.ability, 'update', 'Habilitation', { entrepriseId: caller.entrepriseId });
    await updateFormation(tx, id, values);
  }
  await replaceAvis(tx, caller.entrepriseId, id, avis);
  return foundOrThrow(await findFormation(tx, caller.entrepriseId, id), 'Formation introuvable.');
}

/** Cancels a training entered by mistake: it leaves the lists, the row stays with who, when and why. */
export async function cancelFormationOf(ctx: Ctx, id: number, motif: string) {
  foundOrThrow(await findFormation(ctx.tx, ctx.caller.entrepriseId, id, true), 'Formation introuvable.');
  await cancelFormation(ctx.tx, id, ctx.caller.userId, motif);
  return { message: 'Formation annulée.', id };
}

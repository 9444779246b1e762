import { normaliserCode, type Qcm, type QcmSave } from '@app/contracts';
import type { z } from 'zod';
import { AppError, assertCan, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { codesDuCatalogue } from '../../habilitation/index.ts';
import { qcmFor } from '../qcm.access.ts';
import { presentQcm } from '../qcm.presenter.ts';
import { findQcm, insertQcm, questionsOf, updateQcm, withdrawQcm } from '../qcm.repository.ts';

const normalized = (symboles: string[]) => [...new Set(symboles.map((s) => s.trim().toUpperCase()))];

/** save: without `id` creates a quiz (create), with `id` changes its name, symbols and activity (update). */
export async function saveQcm(ctx: Ctx, body: z.output<typeof QcmSave>): Promise<Qcm> {
  const { tx, caller } = ctx;
  const values = { libelle: body.libelle, symboles: normalized(body.symboles), actif: body.actif };
  // A quiz assesses symbols of the company's catalogue (NF C18-510 set and its own), written as the catalogue writes them.
  const catalogue = new Map((await codesDuCatalogue(tx, caller.entrepriseId)).map((c) => [normaliserCode(c), c]));
  const inconnus = values.symboles.filter((s) => !catalogue.has(normaliserCode(s)));
  if (inconnus.length)
    throw new AppError('VALIDATION', `Symbole inconnu du catalogue des habilitations : ${inconnus.join(', ')}.`, [{ champ: 'symboles' }]);
  values.symboles = values.symboles.map((s) => catalogue.get(normaliserCode(s)) as string);
  let id = body.id;
  if (id === undefined) {
    assertCan(caller.ability, 'create', 'Qcm', { entrepriseId: caller.entrepriseId });
    id = await insertQcm(tx, { entrepriseId: caller.entrepriseId, createdById: caller.userId, ...values });
  } else {
    await qcmFor(ctx, id, 'update', true);
    await updateQcm(tx, id, values);
  }
  const q = foundOrThrow(await findQcm(tx, caller.entrepriseId, id), 'QCM introuvable.');
  return presentQcm(caller, q, await questionsOf(tx, caller.entrepriseId, [id]));
}

/** Withdraws a quiz: it is no longer listed nor taken; its attempts keep what they were asked. */
export async function deleteQcm(ctx: Ctx, id: number) {
  await qcmFor(ctx, id, 'delete', true);
  await withdrawQcm(ctx.tx, id);
  return { message: 'QCM retiré.', id };
}

import { type Action, instance } from '@app/contracts';
import type { Caller } from '../../platform/auth/caller.ts';
import { AppError, assertCan, foundOrThrow } from '../../platform/http/errors.ts';
import type { Ctx } from '../../platform/http/route.ts';
import { type EvaluationRow, findEvaluation, findQcm, type QcmRow } from './qcm.repository.ts';

type C = Pick<Ctx, 'tx' | 'caller'>;

/** Reads the bank (the questions of every quiz): « Questionnaires (QCM) » read. */
export const readsBank = (caller: Caller) => caller.ability.can('read', instance('Qcm', { entrepriseId: caller.entrepriseId }));
/** Edits the bank (and so sees the right answers, starts attempts for others): « Questionnaires (QCM) » update. */
export const editsBank = (caller: Caller) => caller.ability.can('update', instance('Qcm', { entrepriseId: caller.entrepriseId }));

/** A quiz of the caller's company (404 otherwise) that the caller may `action` (403 otherwise). */
export async function qcmFor(ctx: C, id: number, action: Action, lock = false): Promise<QcmRow> {
  const q = foundOrThrow(await findQcm(ctx.tx, ctx.caller.entrepriseId, id, lock), 'QCM introuvable.');
  assertCan(ctx.caller.ability, action, 'Qcm', { id: q.id, entrepriseId: q.entrepriseId });
  return q;
}

/**
 * An attempt the caller may read: their own, or anyone's for the bank's readers. Another person's attempt is a 404
 * for everyone else (its existence does not leak).
 */
export async function readableEvaluation(ctx: C, id: number): Promise<EvaluationRow> {
  const e = foundOrThrow(await findEvaluation(ctx.tx, ctx.caller.entrepriseId, id), 'Évaluation introuvable.');
  if (e.utilisateurId !== ctx.caller.userId && !readsBank(ctx.caller)) throw new AppError('NOT_FOUND', 'Évaluation introuvable.');
  return e;
}

/** An attempt the caller takes (answers, submits): their own only; locked as asked. */
export async function ownEvaluation(ctx: C, id: number, lock: 'share' | 'update'): Promise<EvaluationRow> {
  const e = foundOrThrow(await findEvaluation(ctx.tx, ctx.caller.entrepriseId, id, lock), 'Évaluation introuvable.');
  if (e.utilisateurId !== ctx.caller.userId) {
    if (!readsBank(ctx.caller)) throw new AppError('NOT_FOUND', 'Évaluation introuvable.');
    throw new AppError('FORBIDDEN', 'Seule la personne évaluée répond à son évaluation et la soumet.');
  }
  return e;
}

import { type HabilitationEvaluation, isPastDeadline, type MethodCode } from '@app/contracts';
import { conflict, foundOrThrow } from '../../../platform/http/errors.ts';
import type { Ctx } from '../../../platform/http/route.ts';
import { ownEvaluation } from '../qcm.access.ts';
import { presentEvaluation } from '../qcm.presenter.ts';
import { answersOf, findEvaluation, markSubmitted, sujetOf } from '../qcm.repository.ts';
import { scoreOf } from './score-evaluation.ts';

/**
 * update with submit (tsv 4): finishes the caller's own attempt and records its result (its own method and pass mark).
 * The attempt's row is locked: answers being written finish first, later ones see it submitted. Past the deadline
 * (and its short grace) on the server's clock it is refused (409, nothing written): the attempt is then expired, scored
 * on the answers recorded in time. Submitting again returns the attempt as it is.
 */
export async function submitEvaluation(ctx: Ctx, id: number): Promise<HabilitationEvaluation> {
  const { tx, caller } = ctx;
  const e = await ownEvaluation(ctx, id, 'update');
  const sujet = await sujetOf(tx, e.id);
  if (!e.submittedAt) {
    if (isPastDeadline(e.nowMs, Date.parse(e.deadline), true))
      throw conflict("Temps écoulé : l'évaluation est close avec les réponses enregistrées à temps.");
    const r = scoreOf(sujet, await answersOf(tx, [e.id]), e.methodCode as MethodCode, e.seuilReussite);
    await markSubmitted(tx, e.id, r);
  }
  const done = foundOrThrow(await findEvaluation(tx, caller.entrepriseId, e.id), 'Évaluation introuvable.');
  return presentEvaluation(done, { sujet, answers: await answersOf(tx, [e.id]) });
}

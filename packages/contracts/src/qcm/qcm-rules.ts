/**
 * Pure rules of habilitation quizzes (QCM, ticket 14, Module D; domain.md §4.4): scoring by `methodCode`, eliminatory
 * questions, the pass mark, the time limit and the drawing of questions. The server scores with these functions and
 * the web shows their results; nothing here reads a clock or a database.
 */

/**
 * Scoring methods (`methodCode` of get_score, S 135), domain.md §4.4:
 * - POURCENTAGE: plain percentage, one point per question answered exactly (points ignored);
 * - POINTS: weighted points; a multi-answer question earns its share of the right answers ticked, none if a wrong
 *   answer is ticked;
 * - TOUT_OU_RIEN: weighted points, all or nothing per question (exactly the right answers);
 * - NEGATIF: weighted points with negative marking: each right answer ticked earns points / (right answers), each
 *   wrong one ticked costs points / (wrong answers); the attempt's total never goes below 0.
 */
export const METHOD_CODES = ['POURCENTAGE', 'POINTS', 'TOUT_OU_RIEN', 'NEGATIF'] as const;
export type ScoringMethod = (typeof METHOD_CODES)[number];
export const DEFAULT_METHOD_CODE: ScoringMethod = 'POURCENTAGE';

/** French names of the methods (settings screen, result). */
export const METHOD_LABELS: Record<ScoringMethod, string> = {
  POURCENTAGE: 'Pourcentage de questions justes',
  POINTS: 'Points pondérés (réponses multiples au prorata)',
  TOUT_OU_RIEN: 'Points pondérés, tout ou rien par question',
  NEGATIF: 'Points pondérés avec points négatifs (total plancher 0)',
};

/** Seconds after the deadline during which a submission (sent when the timer ends) is still taken: network delay. */
export const SUBMIT_GRACE_SECONDS = 15;

/** A question as it is scored: its answers with which are right. */
export interface ScoredQuestion {
  id: number;
  points: number;
  eliminatoire: boolean;
  multiple: boolean;
  reponses: readonly { id: number; correcte: boolean }[];
}

/** The result of one question. */
export interface QuestionResult {
  questionId: number;
  /** Points earned (may be negative under NEGATIF; rounded to 2 decimals). */
  score: number;
  max: number;
  /** Exactly the right answers were ticked. */
  juste: boolean;
  eliminatoire: boolean;
  reponseIds: number[];
  bonnesReponseIds: number[];
}

/** The result of an attempt: `{score, max, percent, reussi, eliminatoireManquee, parQuestion[]}` (D.2 tsv 8). */
export interface ScoreResult {
  score: number;
  max: number;
  percent: number;
  reussi: boolean;
  eliminatoireManquee: boolean;
  parQuestion: QuestionResult[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

function questionScore(
  method: ScoringMethod,
  q: ScoredQuestion,
  chosen: ReadonlySet<number>,
): { score: number; max: number; juste: boolean } {
  const right = q.reponses.filter((r) => r.correcte).map((r) => r.id);
  const wrong = q.reponses.filter((r) => !r.correcte).map((r) => r.id);
  const rightTicked = right.filter((id) => chosen.has(id)).length;
  const wrongTicked = wrong.filter((id) => chosen.has(id)).length;
  const juste = right.length > 0 && rightTicked === right.length && wrongTicked === 0;
  const points = Math.max(0, q.points);
  switch (method) {
    case 'POURCENTAGE':
      return { score: juste ? 1 : 0, max: 1, juste };
    case 'TOUT_OU_RIEN':
      return { score: juste ? points : 0, max: points, juste };
    case 'POINTS': {
      const share = wrongTicked > 0 || right.length === 0 ? 0 : rightTicked / right.length;
      return { score: points * share, max: points, juste };
    }
    case 'NEGATIF': {
      const gain = right.length ? rightTicked / right.length : 0;
      const loss = wrong.length ? wrongTicked / wrong.length : 0;
      return { score: points * (gain - loss), max: points, juste };
    }
  }
}

/**
 * Scores an attempt: `questions` are the drawn ones (in order), `answers` the ticked answer ids per question id (a
 * question absent from it is unanswered). A missed eliminatory question (not answered exactly) fails the attempt
 * whatever the score; otherwise it passes when `percent >= seuilReussite`.
 */
export function scoreAttempt(
  method: ScoringMethod,
  questions: readonly ScoredQuestion[],
  answers: ReadonlyMap<number, readonly number[]>,
  seuilReussite: number,
): ScoreResult {
  const parQuestion: QuestionResult[] = questions.map((q) => {
    const reponseIds = [...new Set(answers.get(q.id) ?? [])];
    const r = questionScore(method, q, new Set(reponseIds));
    return {
      questionId: q.id,
      score: round2(r.score),
      max: round2(r.max),
      juste: r.juste,
      eliminatoire: q.eliminatoire,
      reponseIds,
      bonnesReponseIds: q.reponses.filter((x) => x.correcte).map((x) => x.id),
    };
  });
  const raw = parQuestion.reduce((s, q) => s + q.score, 0);
  const max = round2(parQuestion.reduce((s, q) => s + q.max, 0));
  const score = round2(Math.max(0, raw));
  const percent = max > 0 ? round2((score / max) * 100) : 0;
  const eliminatoireManquee = parQuestion.some((q) => q.eliminatoire && !q.juste);
  return { score, max, percent, reussi: !eliminatoireManquee && max > 0 && percent >= seuilReussite, eliminatoireManquee, parQuestion };
}

/** Why a chosen set of answers is not acceptable for a question (null when it is): unknown id, several on a single one. */
export function answerProblem(q: Pick<ScoredQuestion, 'multiple' | 'reponses'>, reponseIds: readonly number[]): string | null {
  const known = new Set(q.reponses.map((r) => r.id));
  if (reponseIds.some((id) => !known.has(id))) return 'Réponse inconnue pour cette question.';
  if (!q.multiple && new Set(reponseIds).size > 1) return 'Une seule réponse est attendue pour cette question.';
  return null;
}

/** A small deterministic pseudo-random generator (mulberry32): the same seed draws the same questions. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: readonly T[], random: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Draws the questions of an attempt: every eliminatory question always, then others at random up to `n` in all (all
 * of them when the bank holds fewer; more than `n` when there are more eliminatory ones than `n`), in an order shuffled
 * by the same seed. Deterministic: the same bank, `n` and seed give the same ids in the same order.
 */
export function drawQuestions(bank: readonly { id: number; eliminatoire: boolean }[], n: number, seed: number): number[] {
  const random = seededRandom(seed);
  const sorted = [...bank].sort((a, b) => a.id - b.id);
  const eliminatoires = sorted.filter((q) => q.eliminatoire).map((q) => q.id);
  const others = shuffle(
    sorted.filter((q) => !q.eliminatoire).map((q) => q.id),
    random,
  );
  const picked = [...eliminatoires, ...others.slice(0, Math.max(0, n - eliminatoires.length))];
  return shuffle(picked, random);
}

/** Whether a moment (ms) is past an attempt's deadline, with the submission grace when `grace` is set. */
export function isPastDeadline(nowMs: number, deadlineMs: number, grace = false): boolean {
  return nowMs > deadlineMs + (grace ? SUBMIT_GRACE_SECONDS * 1000 : 0);
}

/** State of an attempt: in progress, submitted, or expired (deadline passed without a submission). */
export type EvaluationStatut = 'en_cours' | 'soumise' | 'expiree';
export function evaluationStatut(submittedAtMs: number | null, deadlineMs: number, nowMs: number): EvaluationStatut {
  if (submittedAtMs !== null) return 'soumise';
  return isPastDeadline(nowMs, deadlineMs, true) ? 'expiree' : 'en_cours';
}

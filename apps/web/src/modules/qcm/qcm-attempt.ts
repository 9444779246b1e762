// The navigation of an attempt, one question at a time, and the answers chosen: plain functions the page holds in state.

/** The answers chosen, by question id (the ids of the chosen answers). */
export type Answers = Record<string, number[]>;

export interface AttemptNav {
  /** The question shown, or `count` for the review before submitting. */
  index: number;
  count: number;
}

/** Chooses or unchooses an answer: a single-answer question keeps only the last one chosen. */
export function toggleAnswer(chosen: readonly number[], reponseId: number, multiple: boolean): number[] {
  if (!multiple) return chosen.length === 1 && chosen[0] === reponseId ? [] : [reponseId];
  return chosen.includes(reponseId) ? chosen.filter((id) => id !== reponseId) : [...chosen, reponseId].sort((a, b) => a - b);
}

export const isAnswered = (answers: Answers, questionId: number) => (answers[String(questionId)]?.length ?? 0) > 0;

/** The positions (0-based) of the questions without any answer chosen. */
export function unansweredIndexes(questionIds: readonly number[], answers: Answers): number[] {
  return questionIds.flatMap((id, i) => (isAnswered(answers, id) ? [] : [i]));
}

/** Moves to a question (clamped), or to the review (index = count). */
export function goTo(nav: AttemptNav, index: number): AttemptNav {
  return { ...nav, index: Math.min(Math.max(0, index), nav.count) };
}

export const next = (nav: AttemptNav) => goTo(nav, nav.index + 1);
export const previous = (nav: AttemptNav) => goTo(nav, nav.index - 1);
export const isReview = (nav: AttemptNav) => nav.index >= nav.count;
export const isFirst = (nav: AttemptNav) => nav.index === 0;
export const isLast = (nav: AttemptNav) => nav.index === nav.count - 1;

/** Two selections hold the same answers (the order aside): no need to save again. */
export function sameSelection(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  const x = [...(a ?? [])].sort((p, q) => p - q);
  const y = [...(b ?? [])].sort((p, q) => p - q);
  return x.length === y.length && x.every((v, i) => v === y[i]);
}

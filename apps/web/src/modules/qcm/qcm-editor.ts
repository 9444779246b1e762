// The rules of the question editor, checked before anything is sent (the server checks them again).

export interface ReponseDraft {
  id?: number;
  texte: string;
  correcte: boolean;
}

export interface QuestionDraft {
  texte: string;
  multiple: boolean;
  eliminatoire: boolean;
  points: number | string;
  reponses: ReponseDraft[];
}

export type QuestionProblem =
  | 'texteRequired'
  | 'pointsInvalid'
  | 'tooFewReponses'
  | 'reponseTexteRequired'
  | 'duplicateReponse'
  | 'noCorrect'
  | 'singleNeedsOne';

export const MIN_REPONSES = 2;
export const MAX_REPONSES = 12;

/** What stops a question from being saved, in the order the form shows them; empty when it can be saved. */
export function questionProblems(q: QuestionDraft): QuestionProblem[] {
  const problems: QuestionProblem[] = [];
  if (q.texte.trim() === '') problems.push('texteRequired');
  const points = typeof q.points === 'string' ? Number(q.points.replace(',', '.')) : q.points;
  if (String(q.points).trim() === '' || !Number.isFinite(points) || points < 0.5 || points > 100) problems.push('pointsInvalid');
  if (q.reponses.length < MIN_REPONSES) problems.push('tooFewReponses');
  if (q.reponses.some((r) => r.texte.trim() === '')) problems.push('reponseTexteRequired');
  const texts = q.reponses.map((r) => r.texte.trim().toLocaleLowerCase('fr')).filter(Boolean);
  if (new Set(texts).size !== texts.length) problems.push('duplicateReponse');
  const correct = q.reponses.filter((r) => r.correcte).length;
  if (correct === 0) problems.push('noCorrect');
  else if (!q.multiple && correct > 1) problems.push('singleNeedsOne');
  return problems;
}

/** Marks an answer correct: on a single-answer question the others become wrong (a radio), on a multiple one it toggles. */
export function markCorrect(reponses: readonly ReponseDraft[], index: number, multiple: boolean): ReponseDraft[] {
  return reponses.map((r, i) => {
    if (multiple) return i === index ? { ...r, correcte: !r.correcte } : r;
    return { ...r, correcte: i === index };
  });
}

/** The list with one item moved from one position to another (reordering questions or answers). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const out = [...list];
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item);
  return out;
}

import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  drawQuestions,
  evaluationStatut,
  isPastDeadline,
  type ScoredQuestion,
  type ScoringMethod,
  SUBMIT_GRACE_SECONDS,
  scoreAttempt,
} from './qcm-rules.ts';

// Q1 single (2 points): 11 right, 12 and 13 wrong. Q2 multiple (4 points): 21 and 22 right, 23 and 24 wrong.
// Q3 single eliminatory (1 point): 31 right, 32 wrong.
const Q1: ScoredQuestion = {
  id: 1,
  points: 2,
  eliminatoire: false,
  multiple: false,
  reponses: [
    { id: 11, correcte: true },
    { id: 12, correcte: false },
    { id: 13, correcte: false },
  ],
};
const Q2: ScoredQuestion = {
  id: 2,
  points: 4,
  eliminatoire: false,
  multiple: true,
  reponses: [
    { id: 21, correcte: true },
    { id: 22, correcte: true },
    { id: 23, correcte: false },
    { id: 24, correcte: false },
  ],
};
const Q3: ScoredQuestion = {
  id: 3,
  points: 1,
  eliminatoire: true,
  multiple: false,
  reponses: [
    { id: 31, correcte: true },
    { id: 32, correcte: false },
  ],
};
const QS = [Q1, Q2, Q3];
const answers = (o: Record<number, number[]>) => new Map(Object.entries(o).map(([k, v]) => [Number(k), v]));

describe('scoreAttempt: each method on the same answers', () => {
  // [method, answers, score, max, percent]
  const cases: [ScoringMethod, Record<number, number[]>, number, number, number][] = [
    // Everything right.
    ['POURCENTAGE', { 1: [11], 2: [21, 22], 3: [31] }, 3, 3, 100],
    ['POINTS', { 1: [11], 2: [21, 22], 3: [31] }, 7, 7, 100],
    ['TOUT_OU_RIEN', { 1: [11], 2: [21, 22], 3: [31] }, 7, 7, 100],
    ['NEGATIF', { 1: [11], 2: [21, 22], 3: [31] }, 7, 7, 100],
    // Half of the multi-answer question (21 only): partial credit only under POINTS and NEGATIF.
    ['POURCENTAGE', { 1: [11], 2: [21], 3: [31] }, 2, 3, 66.67],
    ['POINTS', { 1: [11], 2: [21], 3: [31] }, 5, 7, 71.43],
    ['TOUT_OU_RIEN', { 1: [11], 2: [21], 3: [31] }, 3, 7, 42.86],
    ['NEGATIF', { 1: [11], 2: [21], 3: [31] }, 5, 7, 71.43],
    // One right and one wrong on the multi-answer question: POINTS gives nothing, NEGATIF 4·(1/2 − 1/2) = 0.
    ['POINTS', { 1: [11], 2: [21, 23], 3: [31] }, 3, 7, 42.86],
    ['NEGATIF', { 1: [11], 2: [21, 23], 3: [31] }, 3, 7, 42.86],
    // Wrong single answer: NEGATIF costs 2 · 1/2 = 1.
    ['NEGATIF', { 1: [12], 2: [21, 22], 3: [31] }, 4, 7, 57.14],
    ['POINTS', { 1: [12], 2: [21, 22], 3: [31] }, 5, 7, 71.43],
    // Everything wrong: the total of NEGATIF is floored at 0.
    ['NEGATIF', { 1: [12, 13], 2: [23, 24], 3: [32] }, 0, 7, 0],
    ['POURCENTAGE', { 1: [12], 2: [23, 24], 3: [32] }, 0, 3, 0],
    // Nothing answered.
    ['POURCENTAGE', {}, 0, 3, 0],
    ['NEGATIF', {}, 0, 7, 0],
    // Ticking every answer of a multi-answer question is not right.
    ['TOUT_OU_RIEN', { 1: [11], 2: [21, 22, 23, 24], 3: [31] }, 3, 7, 42.86],
  ];
  it.each(cases)('%s %j → %d / %d (%d %%)', (method, a, score, max, percent) => {
    const r = scoreAttempt(method, QS, answers(a), 50);
    expect([r.score, r.max, r.percent]).toEqual([score, max, percent]);
  });

  it('reports each question with the right answers', () => {
    const r = scoreAttempt('POINTS', QS, answers({ 1: [12], 2: [21], 3: [31, 31] }), 50);
    expect(r.parQuestion).toEqual([
      { questionId: 1, score: 0, max: 2, juste: false, eliminatoire: false, reponseIds: [12], bonnesReponseIds: [11] },
      { questionId: 2, score: 2, max: 4, juste: false, eliminatoire: false, reponseIds: [21], bonnesReponseIds: [21, 22] },
      { questionId: 3, score: 1, max: 1, juste: true, eliminatoire: true, reponseIds: [31], bonnesReponseIds: [31] },
    ]);
  });
});

describe('pass mark and eliminatory questions', () => {
  // [answers, seuil, reussi, eliminatoireManquee]
  const cases: [Record<number, number[]>, number, boolean, boolean][] = [
    [{ 1: [11], 2: [21, 22], 3: [31] }, 80, true, false],
    [{ 1: [11], 2: [21], 3: [31] }, 66, true, false], // 66.67 % ≥ 66
    [{ 1: [11], 2: [21], 3: [31] }, 67, false, false], // 66.67 % < 67
    [{ 1: [11], 2: [21, 22], 3: [32] }, 50, false, true], // 66.67 % but the eliminatory one is wrong
    [{ 1: [11], 2: [21, 22] }, 0, false, true], // eliminatory one unanswered: fails even at 0 %
    [{}, 0, false, true],
  ];
  it.each(cases)('%j at %d %% → reussi %s, eliminatoire manquée %s', (a, seuil, reussi, elim) => {
    const r = scoreAttempt('POURCENTAGE', QS, answers(a), seuil);
    expect([r.reussi, r.eliminatoireManquee]).toEqual([reussi, elim]);
  });
  it('an attempt without questions never passes', () => {
    expect(scoreAttempt('POINTS', [], new Map(), 0)).toMatchObject({ score: 0, max: 0, percent: 0, reussi: false });
  });
});

describe('answerProblem', () => {
  it.each([
    [Q1, [11], null],
    [Q1, [], null],
    [Q1, [11, 12], 'Une seule réponse est attendue pour cette question.'],
    [Q1, [11, 11], null],
    [Q2, [21, 22, 23], null],
    [Q2, [99], 'Réponse inconnue pour cette question.'],
    [Q1, [21], 'Réponse inconnue pour cette question.'],
  ] as const)('question %#: %j → %s', (q, ids, problem) => expect(answerProblem(q, ids)).toBe(problem));
});

describe('drawQuestions', () => {
  const bank = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, eliminatoire: i + 1 === 7 || i + 1 === 23 }));
  it.each([
    [20, 1],
    [20, 42],
    [5, 7],
    [2, 3],
    [30, 9],
    [50, 9],
  ])('n = %d, seed %d: eliminatory questions always, no duplicate, deterministic', (n, seed) => {
    const drawn = drawQuestions(bank, n, seed);
    expect(drawn).toHaveLength(Math.min(Math.max(n, 2), bank.length));
    expect(drawn).toContain(7);
    expect(drawn).toContain(23);
    expect(new Set(drawn).size).toBe(drawn.length);
    expect(drawQuestions([...bank].reverse(), n, seed)).toEqual(drawn);
  });
  it('more eliminatory questions than n: all of them', () => {
    expect(drawQuestions(bank, 1, 5).sort((a, b) => a - b)).toEqual([7, 23]);
  });
  it('another seed draws another set or order', () => {
    expect(drawQuestions(bank, 10, 1)).not.toEqual(drawQuestions(bank, 10, 2));
  });
  it('an empty bank draws nothing', () => expect(drawQuestions([], 20, 1)).toEqual([]));
});

describe('deadline and status', () => {
  const deadline = 1_000_000;
  const g = SUBMIT_GRACE_SECONDS * 1000;
  it.each([
    [deadline, false, false],
    [deadline + 1, false, true],
    [deadline + g, true, false],
    [deadline + g + 1, true, true],
  ])('at %d (grace %s) past: %s', (now, grace, past) => expect(isPastDeadline(now, deadline, grace)).toBe(past));
  it.each([
    [null, deadline - 1, 'en_cours'],
    [null, deadline + g + 1, 'expiree'],
    [deadline + g + 5, deadline + g + 10, 'soumise'],
  ] as const)('submitted %s, now %d → %s', (sub, now, statut) => expect(evaluationStatut(sub, deadline, now)).toBe(statut));
});

import { describe, expect, it } from 'vitest';
import { markCorrect, moveItem, type QuestionDraft, questionProblems } from './qcm-editor.ts';

const r = (texte: string, correcte = false) => ({ texte, correcte });
const q = (patch: Partial<QuestionDraft>): QuestionDraft => ({
  texte: 'Quel domaine de tension pour 400 V alternatif ?',
  multiple: false,
  eliminatoire: false,
  points: 1,
  reponses: [r('BT', true), r('HTA')],
  ...patch,
});

describe('questionProblems', () => {
  it.each([
    ['a valid single-answer question', q({}), []],
    ['a valid multiple-answer question with two correct', q({ multiple: true, reponses: [r('A', true), r('B', true), r('C')] }), []],
    ['no text', q({ texte: '  ' }), ['texteRequired']],
    ['no correct answer', q({ reponses: [r('A'), r('B')] }), ['noCorrect']],
    ['single answer with two correct', q({ reponses: [r('A', true), r('B', true)] }), ['singleNeedsOne']],
    ['one answer only', q({ reponses: [r('A', true)] }), ['tooFewReponses']],
    ['an empty answer', q({ reponses: [r('A', true), r(' ')] }), ['reponseTexteRequired']],
    ['the same answer twice', q({ reponses: [r('Oui', true), r('oui ')] }), ['duplicateReponse']],
    ['zero points', q({ points: 0 }), ['pointsInvalid']],
    ['points typed with a comma', q({ points: '1,5' }), []],
    ['points not a number', q({ points: 'deux' }), ['pointsInvalid']],
    ['points left empty', q({ points: '' }), ['pointsInvalid']],
  ])('%s', (_, question, expected) => {
    expect(questionProblems(question)).toEqual(expected);
  });
});

describe('markCorrect', () => {
  const list = [r('A', true), r('B'), r('C')];
  it('single answer: behaves as a radio', () => {
    expect(markCorrect(list, 2, false).map((x) => x.correcte)).toEqual([false, false, true]);
  });
  it('multiple answers: toggles one', () => {
    expect(markCorrect(list, 2, true).map((x) => x.correcte)).toEqual([true, false, true]);
    expect(markCorrect(list, 0, true).map((x) => x.correcte)).toEqual([false, false, false]);
  });
});

describe('moveItem', () => {
  it.each([
    [0, 1, ['b', 'a', 'c']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [0, 5, ['a', 'b', 'c']],
  ])('%d → %d', (from, to, expected) => {
    expect(moveItem(['a', 'b', 'c'], from, to)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { searchUsesIndex } from './process-search.routes.ts';

describe('searchUsesIndex: does the typed text give the trigram index a piece to read?', () => {
  it.each([
    ['compresseur n° 12', true],
    ['tgbt', true],
    ['Chaudière', true],
    ['n° 12', true], // « 12 » after a separator
    ['12345', true],
    ['a', false],
    ['12', false], // two characters at the start: no trigram without the word's start
    ['n° 1', false],
    ['3 c', false],
    ['é', false],
    ['-', false],
    ['x_ab', true],
  ])('%j → %s', (typed, expected) => {
    expect(searchUsesIndex(typed)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { reachableTotal } from './paging.ts';

describe('reachableTotal (offset paging of a bounded count)', () => {
  const page = (n: number) => Array.from({ length: n }, (_, i) => i);
  it.each([
    ['exact total', { total: 42, totalExact: true, offset: 0, perPage: 10, items: page(10) }, 42],
    ['bounded, first page full', { total: 1000, totalExact: false, offset: 0, perPage: 100, items: page(100) }, 1000],
    ['bounded, full page at the bound', { total: 1000, totalExact: false, offset: 900, perPage: 100, items: page(100) }, 1001],
    ['bounded, full page past the bound', { total: 1000, totalExact: false, offset: 1500, perPage: 100, items: page(100) }, 1601],
    ['bounded, last short page', { total: 1000, totalExact: false, offset: 1500, perPage: 100, items: page(40) }, 1540],
  ])('%s', (_name, answer, expected) => {
    expect(reachableTotal(answer)).toBe(expected);
  });
});

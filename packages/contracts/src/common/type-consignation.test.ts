import { describe, expect, it } from 'vitest';
import { typeConsignationLabel } from './constants.ts';

describe('typeConsignationLabel', () => {
  it.each([
    [1, 'Consignation'],
    ['2', 'Consignation mère'],
    [7, 'Consignation fille'],
    [9, 'Exceptionnel de travaux'],
    [0, null],
    [10, null],
    [null, null],
    [undefined, null],
    ['x', null],
  ])('%s → %s', (v, label) => {
    expect(typeConsignationLabel(v)).toBe(label);
  });
});

import { describe, expect, it } from 'vitest';
import { processCountLabel } from './process.util.ts';

describe('processCountLabel', () => {
  it('says when the total is a lower bound', () => {
    expect(processCountLabel(3, true)).toBe('3 processus');
    expect(processCountLabel(10_000, false).replace(/\s/g, ' ')).toBe('plus de 10 000 processus');
  });
});

import { describe, expect, it } from 'vitest';
import { datePresetRange } from './date-presets.ts';

// Wednesday 25 March 2026, 23:30 in Paris (22:30 UTC): the clocks go forward on Sunday 29 March.
const NOW = new Date('2026-03-25T22:30:00Z');

describe('date-range shortcuts in Europe/Paris', () => {
  it.each([
    ['today', '2026-03-24T23:00:00.000Z', '2026-03-25T23:00:00.000Z'],
    ['tomorrow', '2026-03-25T23:00:00.000Z', '2026-03-26T23:00:00.000Z'],
    ['current_week', '2026-03-22T23:00:00.000Z', '2026-03-29T22:00:00.000Z'],
    ['next_week', '2026-03-29T22:00:00.000Z', '2026-04-05T22:00:00.000Z'],
    ['sliding_week', '2026-03-24T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    ['sliding_next_week', '2026-03-31T22:00:00.000Z', '2026-04-07T22:00:00.000Z'],
    ['current_month', '2026-02-28T23:00:00.000Z', '2026-03-31T22:00:00.000Z'],
    ['sliding_month', '2026-03-24T23:00:00.000Z', '2026-04-23T22:00:00.000Z'],
  ] as const)('%s', (preset, from, to) => {
    expect(datePresetRange(preset, NOW)).toEqual({ from, to });
  });

  it('follows the given time zone', () => {
    expect(datePresetRange('today', NOW, 'UTC')).toEqual({ from: '2026-03-25T00:00:00.000Z', to: '2026-03-26T00:00:00.000Z' });
  });
});

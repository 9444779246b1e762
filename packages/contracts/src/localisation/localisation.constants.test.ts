import { describe, expect, it } from 'vitest';
import {
  clampMarker,
  LOCALISATION_COULEURS,
  LOCALISATION_ICON_LABELS,
  LOCALISATION_ICONS,
  nudgeMarker,
  parentAllowed,
} from './localisation.constants.ts';

describe('markers', () => {
  it.each([
    [0.5, 0.5],
    [-0.2, 0],
    [1.3, 1],
    [0.123456, 0.1235],
    [Number.NaN, 0],
  ])('clampMarker(%f) = %f', (v, want) => expect(clampMarker(v)).toBe(want));

  it.each([
    ['ArrowLeft', false, { x: 0.49, y: 0.5 }],
    ['ArrowRight', false, { x: 0.51, y: 0.5 }],
    ['ArrowUp', true, { x: 0.5, y: 0.4 }],
    ['ArrowDown', true, { x: 0.5, y: 0.6 }],
  ])('%s (Shift %s) moves the marker', (key, big, want) => expect(nudgeMarker({ x: 0.5, y: 0.5 }, key, big)).toEqual(want));

  it('stays on the plan and ignores other keys', () => {
    expect(nudgeMarker({ x: 0, y: 1 }, 'ArrowLeft')).toEqual({ x: 0, y: 1 });
    expect(nudgeMarker({ x: 0.99, y: 1 }, 'ArrowDown', true)).toEqual({ x: 0.99, y: 1 });
    expect(nudgeMarker({ x: 0.5, y: 0.5 }, 'Enter')).toBeNull();
  });
});

describe('parentAllowed: no location inside itself', () => {
  const parents = new Map<number, number | null>([
    [1, null],
    [2, 1],
    [3, 2],
    [4, null],
  ]);
  it.each([
    [3, 4, true],
    [2, null, true],
    [1, 1, false],
    [1, 3, false],
    [2, 3, false],
    [4, 3, true],
  ])('%i under %s: %s', (id, parent, want) => expect(parentAllowed(id, parent, parents)).toBe(want));
});

describe('default lists (S 227)', () => {
  it('colours are #RRGGBB and every icon has a French label', () => {
    for (const c of LOCALISATION_COULEURS) expect(c).toMatch(/^#[0-9a-f]{6}$/);
    for (const i of LOCALISATION_ICONS) expect(LOCALISATION_ICON_LABELS[i]).toBeTruthy();
  });
});

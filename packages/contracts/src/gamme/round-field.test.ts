import { describe, expect, it } from 'vitest';
import { fieldCoversPoint, isRoundField, pointsOfField, roundFieldConfig, roundSummary, roundSummaryText } from './round-field.ts';

describe('roundFieldConfig', () => {
  it.each([
    ['gamme_releves', { gammeId: 4 }, { gammeId: 4, pointIds: null }],
    // A whole round ignores a subset left over from a part.
    ['gamme_releves', { gammeId: 4, gammePointIds: [1] }, { gammeId: 4, pointIds: null }],
    ['etape_gamme_releves', { gammeId: 4, gammePointIds: [3, 1, 3] }, { gammeId: 4, pointIds: [3, 1] }],
    ['etape_gamme_releves', { gammeId: 4, gammePointIds: [] }, { gammeId: 4, pointIds: null }],
    ['etape_gamme_releves', { gammeId: 4, gammePointIds: ['x', -1, 2] }, { gammeId: 4, pointIds: [2] }],
    ['gamme_releves', {}, null],
    ['gamme_releves', { gammeId: '4' }, null],
    ['gamme_releves', null, null],
    ['text', { gammeId: 4 }, null],
  ] as const)('%s %j → %j', (kind, pv, out) => expect(roundFieldConfig(kind, pv as never)).toEqual(out));
});

describe('fieldCoversPoint', () => {
  it.each([
    [{ gammeId: 4, pointIds: null }, { id: 9, gammeId: 4 }, true],
    [{ gammeId: 4, pointIds: null }, { id: 9, gammeId: 5 }, false],
    [{ gammeId: 4, pointIds: [9] }, { id: 9, gammeId: 4 }, true],
    [{ gammeId: 4, pointIds: [8] }, { id: 9, gammeId: 4 }, false],
    [null, { id: 9, gammeId: 4 }, false],
  ] as const)('%j covers %j: %s', (c, p, out) => expect(fieldCoversPoint(c as never, p)).toBe(out));

  it('keeps the gamme order of the points it covers', () => {
    const points = [1, 2, 3, 4].map((id) => ({ id, gammeId: 4 }));
    expect(pointsOfField({ gammeId: 4, pointIds: [3, 1] }, points).map((p) => p.id)).toEqual([1, 3]);
  });
  it.each(['gamme_releves', 'etape_gamme_releves'])('%s is a reading field', (k) => expect(isRoundField(k)).toBe(true));
  it('a gamme picker is not', () => expect(isRoundField('gamme')).toBe(false));
});

describe('roundSummary', () => {
  const l = (releveId: number, niveau: 'ok' | 'warning' | 'alarm', valeur: string | null = '8.2', comment: string | null = null) => ({
    releveId,
    metriqueId: releveId * 10,
    point: `P${releveId}`,
    valeur,
    unite: 'bar',
    niveau,
    comment,
  });
  it.each([
    [[], 0, 0],
    [[l(1, 'ok')], 1, 0],
    [[l(1, 'ok'), l(2, 'warning'), l(3, 'alarm', '11', 'fuite')], 3, 2],
  ] as const)('%# counts and out of range', (lignes, count, outOfRange) => {
    const s = roundSummary(4, [...lignes]);
    expect(s).toMatchObject({ gammeId: 4, count, outOfRange, releveIds: lignes.map((x) => x.releveId) });
  });
  it('reads as text, one line per reading, decimal comma, level and comment', () => {
    const s = roundSummary(4, [l(1, 'ok'), l(2, 'alarm', '11.5', 'fuite'), l(3, 'ok', null)]);
    expect(roundSummaryText(s, (n) => (n === 'alarm' ? 'alarme' : n))).toBe('P1 : 8,2 bar\nP2 : 11,5 bar (alarme) — fuite\nP3 : —');
  });
  it.each([null, 'x', { gammeId: 1 }])('%j is no summary', (v) => expect(roundSummaryText(v)).toBe(''));
});

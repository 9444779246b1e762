import { describe, expect, it } from 'vitest';
import { defaultSettings, moveColumn, readTableSettings, visibleColumns, writeTableSettings } from './liste-settings.ts';

describe('table settings', () => {
  it('defaults: every column of the variant in order, 100 rows, newest first', () => {
    const s = readTableSettings({}, 'MES_CONSIGNATIONS');
    expect(s).toEqual(defaultSettings('MES_CONSIGNATIONS'));
    expect(s.order[0]).toBe('numero');
    expect(s.perPage).toBe(100);
    expect(s.sort).toEqual({ key: 'numero', order: 'desc' });
  });

  it('round-trips through the session settings, keeping the other lists', () => {
    const s = {
      ...defaultSettings('PERMIS'),
      hidden: ['preparateur' as const],
      sort: { key: 'dateDebut' as const, order: 'asc' as const },
      perPage: 50,
      datePreset: { dateDebut: 'current_month' as const },
      workflows: [3],
    };
    const written = writeTableSettings({ tables: { STOCKS: { perPage: 20 } }, languageCode: 'fr' }, 'PERMIS', s);
    expect(written.tables).toHaveProperty('STOCKS');
    const back = readTableSettings(JSON.parse(JSON.stringify(written)), 'PERMIS');
    expect(back).toEqual(s);
    expect(visibleColumns(back)).not.toContain('preparateur');
  });

  it('drops unknown columns, appends new ones and ignores invalid values', () => {
    const s = readTableSettings(
      {
        tables: {
          STOCKS: {
            order: ['status', 'ghost', 'numero', 'status'],
            hidden: ['ghost', 'article'],
            sort: { key: 'nope', order: 'asc' },
            perPage: -3,
            datePreset: 'x',
          },
        },
      },
      'STOCKS',
    );
    expect(s.order.slice(0, 2)).toEqual(['status', 'numero']);
    expect(new Set(s.order)).toEqual(new Set(defaultSettings('STOCKS').order));
    expect(s.hidden).toEqual(['article']);
    expect(s.sort).toEqual({ key: 'numero', order: 'desc' });
    expect(s.perPage).toBe(100);
    expect(s.datePreset).toEqual({});
  });

  it('moves a column up or down, not past the ends', () => {
    expect(moveColumn(['numero', 'nomProcess', 'status'], 'status', -1)).toEqual(['numero', 'status', 'nomProcess']);
    expect(moveColumn(['numero', 'nomProcess'], 'numero', -1)).toEqual(['numero', 'nomProcess']);
  });
});

import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyProcessEvent } from './process-events.ts';

describe('applyProcessEvent', () => {
  it('removes deleted ids from every cached list page at once and marks lists and the process stale', async () => {
    const qc = new QueryClient();
    const key = ['process', 'search', 'PERMIS', {}, 100, 1];
    qc.setQueryData(key, { items: [{ id: 1 }, { id: 2 }], total: 2 });
    qc.setQueryData(['process', 'one', 2], { id: 2 });
    const done = applyProcessEvent(qc, { id: 9, type: 'deleted', processIds: [2], at: '2026-11-22T10:00:00Z' });
    expect(qc.getQueryData(key)).toEqual({ items: [{ id: 1 }], total: 1 });
    await done;
    expect(qc.getQueryState(key)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(['process', 'one', 2])?.isInvalidated).toBe(true);
  });

  it('refreshes open boards: their rows and their state counts', async () => {
    const qc = new QueryClient();
    const rows = ['tableau', 'rows', { tableauId: 3, offset: 0, perPage: 100 }];
    const etats = ['tableau', 'etats', 3];
    qc.setQueryData(rows, { items: [{ id: 4 }, { id: 5 }], total: 2 });
    qc.setQueryData(etats, []);
    const done = applyProcessEvent(qc, { id: 10, type: 'deleted', processIds: [5], at: '2026-11-22T10:00:00Z' });
    expect(qc.getQueryData(rows)).toEqual({ items: [{ id: 4 }], total: 1 });
    await done;
    expect(qc.getQueryState(rows)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(etats)?.isInvalidated).toBe(true);
  });

  it('refreshes the home (« Accueil »): its steps to sign, today’s lockouts, what changed', async () => {
    const qc = new QueryClient();
    const home = ['accueil', 'home', 'Europe/Paris'];
    qc.setQueryData(home, { aSigner: { items: [{ id: 6 }], total: 1, totalExact: true } });
    await applyProcessEvent(qc, { id: 11, type: 'updated', processIds: [6], at: '2026-11-24T10:00:00Z' });
    expect(qc.getQueryState(home)?.isInvalidated).toBe(true);
  });

  it('refreshes the lockout register and the lockouts named (a padlock put on a daughter names it and its mother)', async () => {
    const qc = new QueryClient();
    const registre = ['consignation', 'registre', { perPage: 50 }];
    const [fille, mere, autre] = [
      ['consignation', 'detail', 7],
      ['consignation', 'detail', 8],
      ['consignation', 'detail', 9],
    ];
    for (const key of [registre, fille, mere, autre]) qc.setQueryData(key, {});
    await applyProcessEvent(qc, { id: 12, type: 'updated', processIds: [7, 8], at: '2026-11-25T10:00:00Z' });
    expect(qc.getQueryState(registre)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(fille)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(mere)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(autre)?.isInvalidated).toBe(false);
  });
});

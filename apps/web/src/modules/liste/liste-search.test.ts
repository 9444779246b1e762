import { describe, expect, it } from 'vitest';
import {
  emptyFilters,
  type FilterState,
  filtersFromParams,
  pageFromParams,
  sortFromParams,
  withFilters,
  withPage,
  withSort,
} from './liste-search.ts';

describe('list filters in the address', () => {
  const full: FilterState = {
    search: 'AR-7 pompe',
    equipement: 'AR-7',
    etat: ['en_cours', 'termine'],
    preparateurIds: ['3', '4'],
    prestataireIds: ['9'],
    typeConsignation: ['2'],
    ranges: { dateDebut: { from: '2026-11-01T00:00:00+01:00' }, dateFin: { to: '2026-11-30T23:59:59+01:00' } },
  };

  it('reads back what it writes, and reads nothing from an empty query', () => {
    expect(filtersFromParams(withFilters(new URLSearchParams(), full))).toEqual(full);
    expect(filtersFromParams(new URLSearchParams())).toEqual(emptyFilters);
  });

  it('keeps the other parameters, drops the page (new filters start at page 1) and empty filters', () => {
    const before = new URLSearchParams('sort=dateDebut.asc&page=3&q=ancien');
    const after = withFilters(before, { ...emptyFilters, etat: ['en_cours'] });
    expect(after.toString()).toBe('sort=dateDebut.asc&etat=en_cours');
  });

  it('reads a sort and a page, ignoring what is not one', () => {
    expect(sortFromParams(new URLSearchParams('sort=dateDebut.asc'))).toEqual({ key: 'dateDebut', order: 'asc' });
    expect(sortFromParams(new URLSearchParams('sort=motDePasse.asc'))).toBeNull();
    expect(sortFromParams(new URLSearchParams('sort=numero.up'))).toBeNull();
    expect(pageFromParams(new URLSearchParams('page=4'))).toBe(4);
    expect(pageFromParams(new URLSearchParams('page=-2'))).toBe(1);
    expect(pageFromParams(new URLSearchParams('page=x'))).toBe(1);
    expect(withPage(new URLSearchParams('page=4&q=a'), 1).toString()).toBe('q=a');
    expect(withSort(new URLSearchParams('page=4'), { key: 'numero', order: 'desc' }).toString()).toBe('sort=numero.desc');
  });
});

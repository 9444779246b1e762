import { describe, expect, it } from 'vitest';
import { zonedInstant } from '../common/date.ts';
import { canFeedHeader, type HeaderSourceField, headerFieldsFor, headerFromValues, headerSourceConflict } from './header-fields.ts';

describe('which field kinds feed which header value', () => {
  it.each([
    ['equipment', 'equipement', true],
    ['text', 'equipement', true],
    ['number', 'equipement', false],
    ['date', 'dateDebut', true],
    ['hour', 'dateFin', true],
    ['text', 'dateDebut', false],
    ['company', 'prestataireIds', true],
    ['employee', 'prestataireIds', false],
    ['employee', 'personneEnCharge', true],
    ['employees', 'personneEnCharge', false],
    ['select', 'typeConsignation', true],
    ['radio', 'typeConsignation', true],
    ['checkbox', 'typeConsignation', false],
    ['date', 'inconnu', false],
  ])('%s → %s: %s', (kind, header, ok) => expect(canFeedHeader(kind, header)).toBe(ok));

  it('offers a date field every date of the header', () => {
    expect(headerFieldsFor('date')).toEqual(['dateDebut', 'dateFin', 'dateInterventionDebut', 'dateInterventionFin']);
    expect(headerFieldsFor('signature')).toEqual([]);
  });
});

describe('one source per header value and workflow', () => {
  const f = (id: number, dataType: string, processField?: string): HeaderSourceField => ({
    id,
    dataType,
    propertyValues: { processField },
  });
  const fields = [f(1, 'equipment', 'equipement'), f(2, 'date', 'dateDebut'), f(3, 'text')];
  it.each([
    ['a second equipment source', f(9, 'text', 'equipement'), 1],
    ['the same field again', f(1, 'equipment', 'equipement'), null],
    ['the hour of a date with a day source', f(9, 'hour', 'dateDebut'), null],
    ['a second day for the same date', f(9, 'date', 'dateDebut'), 2],
    ['a field feeding nothing', f(9, 'date'), null],
    ['another header value', f(9, 'date', 'dateFin'), null],
  ])('%s', (_, candidate, conflict) => expect(headerSourceConflict(fields, candidate)?.id ?? null).toBe(conflict));
});

describe('wall-clock times in Europe/Paris', () => {
  it.each([
    ['2026-11-24', '14:30', '2026-11-24T13:30:00.000Z'],
    ['2026-07-01', '08:00', '2026-07-01T06:00:00.000Z'],
    ['2026-11-24', '00:00', '2026-11-23T23:00:00.000Z'],
    ['2026-11-24', '23:59:59', '2026-11-24T22:59:59.000Z'],
    // The autumn change: 02:30 happens twice, the later (winter time) one is taken.
    ['2026-10-25', '02:30', '2026-10-25T01:30:00.000Z'],
    ['2026-03-29', '03:00', '2026-03-29T01:00:00.000Z'],
    ['2026-02-30', '10:00', null],
    ['24/11/2026', '10:00', null],
    ['2026-11-24', '25:00', null],
  ])('%s %s → %s', (day, time, iso) => expect(zonedInstant(day, time)).toBe(iso));
});

describe('header values from a step’s values', () => {
  const fields: HeaderSourceField[] = [
    { id: 1, dataType: 'equipment', propertyValues: { processField: 'equipement' } },
    { id: 2, dataType: 'date', propertyValues: { processField: 'dateDebut' } },
    { id: 3, dataType: 'hour', propertyValues: { processField: 'dateDebut' } },
    { id: 4, dataType: 'date', propertyValues: { processField: 'dateFin' } },
    { id: 5, dataType: 'company', propertyValues: { processField: 'prestataireIds' } },
    { id: 6, dataType: 'employee', propertyValues: { processField: 'personneEnCharge' } },
    {
      id: 7,
      dataType: 'select',
      propertyValues: {
        processField: 'typeConsignation',
        options: [
          { id: 'a', libelle: 'Essai' },
          { id: 'b', libelle: 'Autre chose' },
        ],
      },
    },
    { id: 8, dataType: 'text' },
    // A kind that cannot feed the value it names is ignored.
    { id: 9, dataType: 'checkbox', propertyValues: { processField: 'equipement' } },
  ];
  it.each<[string, Record<string, unknown>, string[] | undefined, object]>([
    [
      'every source',
      {
        1: { id: 'AR-7', libelle: 'Compresseur d’air' },
        2: '2026-11-24',
        3: '14:30',
        4: '2026-11-26',
        5: { id: 12, libelle: 'Gamma Services' },
        6: { id: 34, libelle: 'Camille Moreau' },
        7: 'a',
        8: 'libre',
      },
      undefined,
      {
        equipement: { id: 0, libelle: 'AR-7 — Compresseur d’air' },
        dateDebut: '2026-11-24T13:30:00.000Z',
        dateFin: '2026-11-26T22:59:59.000Z',
        prestataireIds: [12],
        personneEnCharge: 34,
        typeConsignation: 3,
      },
    ],
    [
      'only the changed sources',
      { 1: { id: 5, libelle: 'Pompe P12' }, 2: '2026-11-24' },
      ['1', '8'],
      { equipement: { id: 5, libelle: 'Pompe P12' } },
    ],
    ['the hour alone changed recomputes the date', { 2: '2026-11-24', 3: '08:00' }, ['3'], { dateDebut: '2026-11-24T07:00:00.000Z' }],
    ['a day without hour starts at midnight', { 2: '2026-11-24' }, ['2'], { dateDebut: '2026-11-23T23:00:00.000Z' }],
    ['a full ISO date is kept', { 2: '2026-11-24T10:00:00+01:00' }, ['2'], { dateDebut: '2026-11-24T09:00:00.000Z' }],
    [
      'emptied sources empty their values, not the type',
      { 1: null, 2: '', 5: null, 6: null, 7: null },
      ['1', '2', '5', '6', '7'],
      { equipement: null, dateDebut: null, prestataireIds: [], personneEnCharge: null },
    ],
    [
      'a code contained in the label is not repeated',
      { 1: { id: 'AR-7', libelle: 'AR-7 compresseur' } },
      ['1'],
      { equipement: { id: 0, libelle: 'AR-7 compresseur' } },
    ],
    ['a text equipment', { 1: '  Pont roulant  ' }, ['1'], { equipement: { id: 0, libelle: 'Pont roulant' } }],
    ['an option that is no type is left out', { 7: 'b' }, ['7'], {}],
    ['a malformed day is left out', { 2: 'demain' }, ['2'], {}],
    ['a nameless person (id 0) is nobody', { 6: { id: 0, libelle: 'X' } }, ['6'], { personneEnCharge: null }],
  ])('%s', (_, values, changed, expected) => expect(headerFromValues(fields, values, { changed })).toEqual(expected));

  it.each([
    [5, 5],
    ['7', 7],
    [12, undefined],
    ['Consignation mère', 2],
  ])('type from a number field %j → %j', (v, t) => {
    const f: HeaderSourceField = { id: 1, dataType: 'number', propertyValues: { processField: 'typeConsignation' } };
    expect(headerFromValues([f], { 1: v }).typeConsignation).toBe(t);
  });
});

import type { Critere, Metrique } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { metriqueFixture } from '../../test/fixtures.ts';
import {
  type CritereContext,
  criteresPayload,
  critereText,
  isComplete,
  kindOf,
  newCritere,
  operateurLabel,
  operateursFor,
  valueChoices,
  withOperateur,
} from './tableau-criteres.ts';

const field = (id: number, nom: string, dataType: string, propertyValues: Metrique['propertyValues'] = {}): Metrique =>
  metriqueFixture(id, nom, dataType, { processModeleId: 7, propertyValues });

const FIELDS = new Map<number, Metrique>([
  [1, field(1, 'Zone', 'text')],
  [2, field(2, 'Niveau', 'number')],
  [
    3,
    field(3, 'Anomalies', 'checkbox_options', {
      options: [
        { id: 'fuite', libelle: 'Fuite' },
        { id: 'bruit', libelle: 'Bruit' },
      ],
    }),
  ],
  [4, field(4, 'Nature', 'select', { options: [{ id: 'soudure', libelle: 'Soudure' }] })],
  [5, field(5, 'Date souhaitée', 'date')],
  [6, field(6, 'Terminé', 'checkbox')],
  [7, field(7, 'Ouvrage', 'equipment')],
  [8, field(8, 'Heure du relevé', 'hour')],
]);

const ctx: CritereContext = {
  fields: FIELDS,
  workflows: [{ value: '7', label: 'Rondes' }],
  people: [{ value: '4', label: 'Camille Moreau' }],
  timeZone: 'Europe/Paris',
  language: 'fr',
};

describe('criteria: kinds and operators', () => {
  it.each<[string, string, string[]]>([
    ['etat', 'etat', ['equals', 'not_equals', 'in']],
    ['processModeleId', 'workflow', ['equals', 'not_equals', 'in']],
    ['createdBy', 'user', ['equals', 'not_equals', 'in']],
    ['dateDebut', 'instant', ['gt', 'lt', 'between', 'empty', 'not_empty']],
    ['numero', 'number', ['equals', 'not_equals', 'gt', 'lt', 'between']],
    ['nomProcess', 'text', ['contains', 'equals', 'not_equals']],
    ['metrique:1', 'text', ['contains', 'equals', 'not_equals', 'empty', 'not_empty']],
    ['metrique:2', 'number', ['equals', 'not_equals', 'gt', 'lt', 'between', 'empty', 'not_empty']],
    ['metrique:3', 'options', ['contains', 'empty', 'not_empty']],
    ['metrique:4', 'option', ['equals', 'not_equals', 'in', 'empty', 'not_empty']],
    ['metrique:5', 'day', ['equals', 'gt', 'lt', 'between', 'empty', 'not_empty']],
    ['metrique:8', 'hour', ['equals', 'gt', 'lt', 'between', 'empty', 'not_empty']],
    ['metrique:6', 'boolean', ['equals']],
    ['metrique:7', 'reference', ['contains', 'empty', 'not_empty']],
    ['metrique:99', 'text', ['contains', 'equals', 'not_equals', 'empty', 'not_empty']],
  ])('%s is %s with %o', (champ, kind, ops) => {
    expect(kindOf(champ, FIELDS)).toBe(kind);
    expect(operateursFor(champ, FIELDS)).toEqual(ops);
  });

  it.each<[Critere['operateur'], Parameters<typeof operateurLabel>[1], string]>([
    ['equals', 'etat', 'est égal à'],
    ['not_empty', 'text', 'n’est pas vide'],
    ['gt', 'number', 'est supérieur à'],
    ['gt', 'instant', 'à partir du'],
    ['lt', 'instant', 'avant le'],
    ['gt', 'day', 'après le'],
    ['lt', 'day', 'avant le'],
    ['equals', 'day', 'est le'],
    ['gt', 'hour', 'après'],
    ['equals', 'hour', 'est à'],
    ['contains', 'options', 'comprend'],
    ['in', 'option', 'est parmi'],
  ])('labels %s on %s « %s »', (op, kind, label) => {
    expect(operateurLabel(op, kind)).toBe(label);
  });
});

describe('criteria: values', () => {
  it.each<[Critere, boolean]>([
    [{ champ: 'etat', operateur: 'equals', valeur: 'en_cours' }, true],
    [{ champ: 'nomProcess', operateur: 'contains', valeur: '' }, false],
    [{ champ: 'metrique:2', operateur: 'gt', valeur: 0 }, true],
    [{ champ: 'metrique:2', operateur: 'gt', valeur: Number.NaN }, false],
    [{ champ: 'metrique:1', operateur: 'empty' }, true],
    [{ champ: 'numero', operateur: 'between', valeur: [1, ''] }, false],
    [{ champ: 'numero', operateur: 'between', valeur: [1, 5] }, true],
    [{ champ: 'etat', operateur: 'in', valeur: [] }, false],
    [{ champ: 'etat', operateur: 'in', valeur: ['inactif'] }, true],
  ])('%o complete: %s', (c, expected) => {
    expect(isComplete(c)).toBe(expected);
  });

  it('starts a criterion with the first operator of its field and a fitting value', () => {
    expect(newCritere('etat', FIELDS)).toEqual({ champ: 'etat', operateur: 'equals', valeur: 'en_cours' });
    expect(newCritere('metrique:6', FIELDS)).toEqual({ champ: 'metrique:6', operateur: 'equals', valeur: 'true' });
    expect(newCritere('dateDebut', FIELDS)).toEqual({ champ: 'dateDebut', operateur: 'gt', valeur: '' });
  });

  it('keeps the value when the operator takes the same shape, starts it again otherwise', () => {
    const c: Critere = { champ: 'metrique:2', operateur: 'gt', valeur: 40 };
    expect(withOperateur(c, 'lt', FIELDS)).toEqual({ ...c, operateur: 'lt' });
    expect(withOperateur(c, 'between', FIELDS)).toEqual({ champ: 'metrique:2', operateur: 'between', valeur: ['', ''] });
    expect(withOperateur(c, 'empty', FIELDS)).toEqual({ champ: 'metrique:2', operateur: 'empty', valeur: undefined });
  });

  it('sends no value for « vide »', () => {
    expect(criteresPayload([{ champ: 'metrique:1', operateur: 'empty', valeur: 'x' }])).toEqual([
      { champ: 'metrique:1', operateur: 'empty' },
    ]);
  });

  it('offers the closed lists of values', () => {
    expect(valueChoices('etat', ctx)?.map((o) => o.label)).toEqual(['En cours', 'Terminé', 'Inactif']);
    expect(valueChoices('metrique:3', ctx)).toEqual([
      { value: 'fuite', label: 'Fuite' },
      { value: 'bruit', label: 'Bruit' },
    ]);
    expect(valueChoices('processModeleId', ctx)).toEqual([{ value: '7', label: 'Rondes' }]);
    expect(valueChoices('metrique:1', ctx)).toBeNull();
  });
});

describe('criteria in words', () => {
  it.each<[Critere, string]>([
    [{ champ: 'etat', operateur: 'equals', valeur: 'en_cours' }, 'État est égal à En cours'],
    [{ champ: 'etat', operateur: 'in', valeur: ['en_cours', 'inactif'] }, 'État est parmi En cours, Inactif'],
    [{ champ: 'processModeleId', operateur: 'equals', valeur: 7 }, 'Workflow est égal à Rondes'],
    [{ champ: 'createdBy', operateur: 'not_equals', valeur: 4 }, 'Créé par est différent de Camille Moreau'],
    [{ champ: 'metrique:1', operateur: 'contains', valeur: 'atelier' }, 'Zone contient « atelier »'],
    [{ champ: 'metrique:2', operateur: 'between', valeur: [10, 40] }, 'Niveau est entre 10 et 40'],
    [{ champ: 'metrique:3', operateur: 'contains', valeur: 'bruit' }, 'Anomalies comprend Bruit'],
    [{ champ: 'metrique:6', operateur: 'equals', valeur: 'false' }, 'Terminé est égal à Non'],
    [{ champ: 'metrique:5', operateur: 'equals', valeur: '2026-11-24' }, 'Date souhaitée est le 24/11/26'],
    [{ champ: 'metrique:5', operateur: 'gt', valeur: '2026-11-24' }, 'Date souhaitée après le 24/11/26'],
    [{ champ: 'metrique:8', operateur: 'lt', valeur: '07:30' }, 'Heure du relevé avant 07:30'],
    [{ champ: 'metrique:2', operateur: 'empty' }, 'Niveau est vide'],
    [
      { champ: 'dateDebut', operateur: 'between', valeur: ['2026-11-20T23:00:00.000Z', '2026-11-23T22:59:59.999Z'] },
      'Début est entre 21/11/26 et 23/11/26',
    ],
  ])('%o → %s', (c, expected) => {
    expect(critereText(c, ctx)).toBe(expected);
  });
});

describe('criteria in English (the codes’ labels of the language shown)', () => {
  it('names the built-in fields, the operators, the states and yes/no in English; field names stay the workflow’s', async () => {
    const { i18n } = await import('../../lib/i18n.ts');
    const { codeLabel } = await import('../../lib/labels.ts');
    await i18n.changeLanguage('en');
    try {
      const english: CritereContext = { ...ctx, label: (family, code, fallback) => codeLabel(i18n.t, family, code, fallback) };
      expect(critereText({ champ: 'etat', operateur: 'in', valeur: ['en_cours', 'inactif'] }, english)).toBe(
        'State is one of In progress, Inactive',
      );
      expect(critereText({ champ: 'metrique:2', operateur: 'between', valeur: [10, 40] }, english)).toBe('Niveau is between 10 and 40');
      expect(critereText({ champ: 'metrique:6', operateur: 'equals', valeur: 'false' }, english)).toBe('Terminé is No');
      expect(critereText({ champ: 'metrique:5', operateur: 'gt', valeur: '2026-11-24' }, english)).toBe('Date souhaitée after 24/11/26');
      expect(operateurLabel('gt', 'instant', english.label)).toBe('from');
    } finally {
      await i18n.changeLanguage('fr');
    }
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n.ts';
import { CODE_LABELS_FR, type CodeLabel, codeLabel, frenchCodeLabel, registerStatusText, statusText } from './labels.ts';
import en from './locales/en.json';
import fr from './locales/fr.json';

describe('labels of codes', () => {
  afterEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('are in fr.json exactly the contracts’ French labels (they cannot drift), and each has an English one', () => {
    expect(fr.codes).toEqual(CODE_LABELS_FR);
    for (const [family, labels] of Object.entries(CODE_LABELS_FR))
      expect(Object.keys((en.codes as Record<string, Record<string, string>>)[family]).sort(), family).toEqual(Object.keys(labels).sort());
  });

  it('follow the language shown, fall back to the French label, then to the server’s label, then to the code', async () => {
    const t = i18n.t;
    expect(codeLabel(t, 'etat', 'termine')).toBe('Terminé');
    expect(codeLabel(t, 'typeConsignation', 2)).toBe('Consignation mère');
    await i18n.changeLanguage('en');
    expect(codeLabel(i18n.t, 'etat', 'termine')).toBe('Completed');
    expect(codeLabel(i18n.t, 'typeConsignation', 2)).toBe('Parent lockout');
    expect(codeLabel(i18n.t, 'datePreset', 'today')).toBe('Today');
    expect(codeLabel(i18n.t, 'stepState', 'current')).toBe('In progress');
    expect(codeLabel(i18n.t, 'metriqueType', 'zzz')).toBe('zzz');
    expect(codeLabel(i18n.t, 'logiciel', 'autre', 'Autre logiciel')).toBe('Autre logiciel');
    expect(codeLabel(i18n.t, 'typeConsignation', null)).toBe('');
    expect(registerStatusText(i18n.t, 'CS')).toBe('CS — Locked out');
    expect(registerStatusText(i18n.t, 'ART')).toBe('ART');
  });

  it('name a row’s status: the step’s name while running, the translated state once ended, then the register code', async () => {
    await i18n.changeLanguage('en');
    const english: CodeLabel = (family, code, fallback) => codeLabel(i18n.t, family, code, fallback);
    expect(statusText(english, { etat: 'en_cours', latestStatus: 'Vérification', status: null })).toBe('Vérification');
    expect(statusText(english, { etat: 'en_cours', latestStatus: null, status: null })).toBe('In progress');
    expect(statusText(english, { etat: 'inactif', latestStatus: 'Inactif', status: 'ART' })).toBe('Inactive (ART)');
    expect(statusText(english, { etat: 'termine', latestStatus: 'Terminé', status: null })).toBe('Completed');
    expect(statusText(frenchCodeLabel, { etat: 'inactif', latestStatus: 'Inactif', status: 'ART' })).toBe('Inactif (ART)');
  });
});

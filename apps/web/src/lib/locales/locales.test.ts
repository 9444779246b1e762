import { LIST_COLUMNS, LIST_VARIANTS, MENU_TEMPLATE } from '@app/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n.ts';
import en from './en.json';
import fr from './fr.json';

type Tree = { [k: string]: string | Tree };
/** Every key of a translation file, with its text. */
function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v]] : entries(v, `${prefix}${k}.`)));
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('English translations (offered when a company lists « en » in its language codes)', () => {
  const french = entries(fr as Tree);
  const english = new Map(entries(en as Tree));

  it('has every key of fr.json', () => {
    expect(french.map(([k]) => k).filter((k) => !english.has(k))).toEqual([]);
  });

  it('keeps the placeholders of each French text', () => {
    const wrong = french.filter(([k, v]) => english.has(k) && placeholders(v).join() !== placeholders(english.get(k) ?? '').join());
    expect(wrong.map(([k]) => k)).toEqual([]);
  });

  it('is not French copied over', () => {
    const same = french.filter(([k, v]) => english.get(k) === v && /[éèàùç]/.test(v));
    expect(same.map(([k]) => k)).toEqual([]);
  });
});

describe('names of the lists, their columns and the menu entries', () => {
  it('are in French the ones of the contracts (the template of the menu, the lists)', () => {
    expect(fr.navigation.columns).toEqual(LIST_COLUMNS);
    expect(fr.navigation.lists).toEqual(Object.fromEntries(Object.entries(LIST_VARIANTS).map(([k, v]) => [k, v.libelle])));
    const menu = fr.navigation.menu as Record<string, string>;
    for (const m of MENU_TEMPLATE.filter((x) => !x.isEE)) expect(menu[m.slug], m.slug).toBe(m.libelle);
  });
});

describe('switching the language', () => {
  afterEach(async () => {
    await i18n.changeLanguage('fr');
  });

  it('switches the texts, loading English only then (the first load carries French only)', async () => {
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(i18n.t('activation.title')).toBe('Activer mon compte');
    await i18n.changeLanguage('en');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true);
    expect(i18n.t('activation.title')).toBe('Activate my account');
    expect(i18n.t('utilisateur.count', { count: 2 })).toBe('2 users');
  });
});

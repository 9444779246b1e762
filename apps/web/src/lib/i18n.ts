import i18next from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import fr from './locales/fr.json';

const defaultNS = 'translation';
/**
 * Every language a company may offer (entreprise.setting.languageCodes); each has every key of fr.json (a test).
 * French is in the app's first chunk; another language is a chunk of its own, loaded when the person's session asks
 * for it (changeLanguage waits for it), so the first load carries one language only (issue 16).
 */
const otherLanguages: Record<string, () => Promise<{ default: unknown }>> = {
  en: () => import('./locales/en.json'),
};
export const LANGUAGES = ['fr', ...Object.keys(otherLanguages)];

/** French by default; the signed-in person's language when the company offers several (app-layout.tsx). */
export const i18n = i18next.createInstance();
void i18n
  .use(resourcesToBackend((lng: string) => otherLanguages[lng]?.() ?? Promise.reject(new Error(`Langue inconnue : ${lng}`))))
  .use(initReactI18next)
  .init({
    resources: { fr: { translation: fr } },
    partialBundledLanguages: true,
    lng: 'fr',
    fallbackLng: 'fr',
    supportedLngs: LANGUAGES,
    defaultNS,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Loads a language's texts ahead of switching to it (the session's language, before the app shows it). */
export function loadLanguage(code: string): Promise<void> {
  return LANGUAGES.includes(code) ? i18n.loadLanguages(code) : Promise.resolve();
}

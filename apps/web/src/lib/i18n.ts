import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';

const defaultNS = 'translation';
/** Every language a company may offer (entreprise.setting.languageCodes); each has every key of fr.json (a test). */
const resources = { fr: { translation: fr }, en: { translation: en } } as const;

/** French by default; the signed-in person's language when the company offers several (app-layout.tsx). */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: 'fr',
  fallbackLng: 'fr',
  supportedLngs: Object.keys(resources),
  defaultNS,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

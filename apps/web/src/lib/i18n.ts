import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import fr from './locales/fr.json';

const defaultNS = 'translation';
const resources = { fr: { translation: fr } } as const;

/** French is the default and, for now, the only language. */
export const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  resources,
  lng: 'fr',
  fallbackLng: 'fr',
  defaultNS,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

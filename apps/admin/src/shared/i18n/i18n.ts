import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadCopyBundle } from '@gridline/copy/load-copy-bundle';
import { loadAdminTexts } from '@gridline/copy/admin/load-admin-texts';
import { isLanguage, type Language } from '@gridline/locale/languages';

/**
 * The back office's texts: its own (`admin`, packages/copy/src/admin) and the platform's shared
 * texts (`shared`: the error keys' messages, the same the portal shows). One language is loaded
 * at a time.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: undefined,
  ns: ['admin', 'shared'],
  defaultNS: 'admin',
  fallbackNS: 'shared',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

const LANGUAGE_KEY = 'gridline.staff.language';

/** Before sign-in: the language chosen last on this browser, else the browser's, else English. */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  if (isLanguage(stored)) return stored;
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    const language = base === 'no' ? 'nb' : base;
    if (isLanguage(language)) return language;
  }
  return 'en';
}

/** Loads a language's texts (once) and switches to it; remembered for the next visit. */
export async function switchLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'admin')) {
    const [admin, bundle] = await Promise.all([loadAdminTexts(language), loadCopyBundle(language)]);
    i18n.addResourceBundle(language, 'admin', admin, true, true);
    i18n.addResourceBundle(language, 'shared', bundle.shared ?? {}, true, true);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
  localStorage.setItem(LANGUAGE_KEY, language);
}

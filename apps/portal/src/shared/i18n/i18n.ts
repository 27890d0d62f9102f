import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { portalCopyGroups } from '@gridline/contracts/organisations';
import type { Language } from '@gridline/locale/languages';
import type { CopyResources } from './merge-copy.ts';

/** The copy groups the portal reads (spec 000 §7); each is an i18next namespace. */
export const copyGroups = portalCopyGroups;

/** The portal's i18next instance. Texts are added per language by `applyCopy`. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: {},
  lng: undefined,
  ns: [...copyGroups],
  defaultNS: 'my-pages',
  fallbackNS: 'shared',
  fallbackLng: false,
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  react: { useSuspense: false },
});

/** Make `texts` the resources of `language` and switch to it; also sets `<html lang>`. */
export async function applyCopy(language: Language, texts: CopyResources): Promise<void> {
  for (const [group, tree] of Object.entries(texts)) {
    i18n.addResourceBundle(language, group, tree, true, true);
  }
  await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

import type { Language } from '@gridline/contracts/enums';
import type { SameKeys } from '../types.ts';
import type { AdminTexts } from './en.ts';

export type { AdminTexts } from './en.ts';

const loaders: Readonly<Record<Language, () => Promise<{ default: SameKeys<AdminTexts> }>>> = {
  en: () => import('./en.ts'),
  sv: () => import('./sv.ts'),
  nb: () => import('./nb.ts'),
  nn: () => import('./nn.ts'),
  fi: () => import('./fi.ts'),
  de: () => import('./de.ts'),
};

/** The back office's texts of one language, loaded on demand (one chunk per language in the app's build). */
export async function loadAdminTexts(language: Language): Promise<SameKeys<AdminTexts>> {
  return (await loaders[language]()).default;
}

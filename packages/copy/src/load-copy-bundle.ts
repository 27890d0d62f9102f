import type { Language } from '@gridline/contracts/enums';
import type { CopyBundle } from './types.ts';

const loaders: Readonly<Record<Language, () => Promise<{ default: CopyBundle }>>> = {
  en: () => import('./en.ts'),
  sv: () => import('./sv.ts'),
  nb: () => import('./nb.ts'),
  nn: () => import('./nn.ts'),
  fi: () => import('./fi.ts'),
  de: () => import('./de.ts'),
};

/**
 * One language's default texts, loaded on demand. Web apps import this module (not
 * `bundles.ts`, whose static record holds every language), so a build gives each language a
 * chunk of its own and a visitor downloads one.
 */
export async function loadCopyBundle(language: Language): Promise<CopyBundle> {
  const module = await loaders[language]();
  return module.default;
}

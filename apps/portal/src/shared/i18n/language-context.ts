import { createContext, useContext } from 'react';
import type { Language } from '@gridline/locale/languages';

export interface LanguageState {
  /** The interface language; texts, numbers and dates follow it. */
  language: Language;
  /** The languages the organisation offers, its default first. */
  languages: readonly Language[];
  /** Switch the interface language (kept in localStorage). */
  setLanguage(language: Language): void;
}

export const LanguageContext = createContext<LanguageState | null>(null);

export function useLanguage(): LanguageState {
  const state = useContext(LanguageContext);
  if (!state) throw new Error('useLanguage must be used inside the LanguageContext provider');
  return state;
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@gridline/locale/languages';
import { useLanguage } from '../i18n/language-context.ts';

interface LanguageSelectProps {
  className?: string;
  /** Called after the interface switched to the chosen language (e.g. to save it to the user). */
  onChosen?(language: Language): void;
  /** The id of a message about the choice (an error), read with the control. */
  describedBy?: string | undefined;
}

/**
 * The organisation's languages (its `LANGUAGES` flag), each by its own name, as a labelled native
 * select. A choice applies at once: texts, `<html lang>`, numbers and dates; it is kept in
 * localStorage. Nothing shows when the organisation offers a single language.
 */
export function LanguageSelect({ className, onChosen, describedBy }: LanguageSelectProps) {
  const { t } = useTranslation('shared');
  const { language, languages, setLanguage } = useLanguage();
  const id = useId();
  if (languages.length < 2) return null;

  return (
    <div className={className ? `language-select ${className}` : 'language-select'}>
      <label htmlFor={id}>{t('language.label')}</label>
      <select
        id={id}
        value={language}
        aria-describedby={describedBy}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLanguage(next) || next === language) return;
          setLanguage(next);
          onChosen?.(next);
        }}
      >
        {languages.map((code) => (
          // Each language in its own name and language, so a screen reader pronounces it right.
          <option key={code} value={code} lang={code}>
            {t(`languageNames.${code}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

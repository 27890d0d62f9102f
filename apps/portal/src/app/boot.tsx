import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RouterProvider } from 'react-router/dom';
import { useTranslation } from 'react-i18next';
import type { Language } from '@gridline/locale/languages';
import { keys, organisationSlug, themePreview } from '../shared/api/client.ts';
import { copyQueryOptions } from '../shared/api/copy.ts';
import { organisationQueryOptions } from '../shared/api/organisation.ts';
import { rememberLanguageForServer } from '../shared/api/page-data.ts';
import { applyCopy, i18n } from '../shared/i18n/i18n.ts';
import { resolveLanguage } from '../shared/i18n/language.ts';
import { LanguageContext, type LanguageState } from '../shared/i18n/language-context.ts';
import { readStored, writeStored } from '../shared/storage.ts';
import { isAppliedAtStart, languageAppliedAtStart } from './early-loads.ts';
import { ErrorScreen } from './error-screen.tsx';
import { LoadingOverlay } from './loading-overlay.tsx';
import { router } from './router.tsx';
import { applyTheme } from './theme.ts';

/**
 * Start-up (spec 000 §5, §8): load the organisation, pick the language, load its copy texts, and
 * only then show the portal. Until then a spinner; if either load fails, the error screen.
 */
export function Boot() {
  const { t } = useTranslation('shared');
  const organisation = useQuery({ ...organisationQueryOptions(), enabled: organisationSlug !== '' });
  const available = organisation.data?.languages;

  const [chosen, setChosen] = useState<Language | null>(null);
  const language = useMemo(() => {
    if (!available) return null;
    if (chosen && available.includes(chosen)) return chosen;
    return resolveLanguage({ stored: readStored(keys.language), browser: navigator.language }, available);
  }, [available, chosen]);

  const copy = useQuery({ ...copyQueryOptions(language ?? 'sv'), enabled: language !== null });

  /** The language whose texts i18next holds; lags behind `language` while its texts load. */
  const [applied, setApplied] = useState<Language | null>(languageAppliedAtStart);

  useEffect(() => {
    if (!language || !copy.data) return;
    // Already in i18next since before the first render: applying them again would make every
    // translated component render once more.
    if (isAppliedAtStart(language, copy.data) && i18n.language === language) return;
    let current = true;
    void applyCopy(language, copy.data).then(() => {
      if (current) setApplied(language);
    });
    return () => {
      current = false;
    };
  }, [language, copy.data]);

  useEffect(() => {
    if (organisation.data) applyTheme(organisation.data.theme);
  }, [organisation.data]);

  const languageState = useMemo<LanguageState | null>(
    () =>
      applied && available
        ? {
            language: applied,
            languages: available,
            setLanguage: (next) => {
              writeStored(keys.language, next);
              setChosen(next);
            },
          }
        : null,
    [applied, available],
  );

  useEffect(() => {
    // Remember the language in use, whichever source it came from (spec 000 §5).
    if (!applied) return;
    writeStored(keys.language, applied);
    // The theme preview remembers nothing beyond its page (decision 0063).
    if (!themePreview) rememberLanguageForServer(applied);
  }, [applied]);

  if (organisationSlug === '' || organisation.isError || copy.isError) return <ErrorScreen />;
  if (!languageState) return <LoadingOverlay />;

  return (
    <LanguageContext.Provider value={languageState}>
      <RouterProvider router={router} />
      {applied !== language ? <LoadingOverlay label={t('loading')} /> : null}
    </LanguageContext.Provider>
  );
}

import { useEffect } from 'react';
import type { User } from '@gridline/contracts/users';
import { useLanguage } from '../../shared/i18n/language-context.ts';

/**
 * The signed-in user's language comes first (spec 000 §5). Sending a choice back to the user
 * record comes with account settings; until then the language lives in localStorage.
 */
export function LanguageSync({ user }: { user: User }) {
  const { language, languages, setLanguage } = useLanguage();
  useEffect(() => {
    if (user.language && user.language !== language && languages.includes(user.language)) {
      setLanguage(user.language);
    }
    // Only when the user's own language changes, not on every switch of the interface language.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user.language]);
  return null;
}

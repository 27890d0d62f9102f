import { useEffect } from 'react';
import type { User } from '@gridline/contracts/users';
import { useLanguage } from '../../shared/i18n/language-context.ts';

/**
 * The signed-in user's saved language comes first (spec 000 §5): once the user is loaded, the
 * interface switches to it when the organisation offers it. Later choices are saved to the user
 * by the language select, so they need no syncing back.
 */
export function LanguageSync({ user }: { user: User }) {
  const { language, languages, setLanguage } = useLanguage();
  useEffect(() => {
    if (user.language && user.language !== language && languages.includes(user.language)) {
      setLanguage(user.language);
    }
    // Once per user, not on every switch of the interface language or answer that carries the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user._id]);
  return null;
}

import { useTranslation } from 'react-i18next';
import type { User } from '@gridline/contracts/users';
import { formatPersonName } from '@gridline/locale/names';
import { READ_ONLY_NOTE_ID, useReadOnlySession } from '../../shared/api/read-only-session.ts';
import { InfoIcon } from './help-icons.tsx';
import './notices.css';

/**
 * In an admin's support session (scope INSPECTOR, spec 000 §2.5): a banner on every page, above
 * the page, that cannot be closed, saying whose account is being viewed and that nothing can be
 * changed. A status region, so it is read out when the frame appears.
 */
export function SupportSessionBanner({ user }: { user: User }) {
  const { t } = useTranslation();
  const readOnly = useReadOnlySession();
  if (!readOnly) return null;
  const name = formatPersonName(user) || user.username || '';
  return (
    <div role="status" className="support-session-banner" aria-labelledby="support-session-title">
      <InfoIcon />
      <div>
        <p id="support-session-title" className="support-session-title">
          {t('supportSession.title')}
        </p>
        <p>
          {user.customerNumber ? t('supportSession.viewing', { name, customerNumber: user.customerNumber }) : t('supportSession.viewingNoNumber', { name })}
        </p>
        <p id={READ_ONLY_NOTE_ID}>{t('supportSession.readOnly')}</p>
      </div>
    </div>
  );
}

import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Location } from '@gridline/contracts/locations';
import { formatDate } from '@gridline/locale/dates';
import { formatNumber } from '@gridline/locale/numbers';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import type { LocationNotice } from '../../shared/location/location-notice.ts';
import { ModalDialog } from '../../shared/modal-dialog.tsx';

/**
 * The location info dialog (spec 000 §2.3, §4.2): for a PENDING location the days until it
 * starts (or that it is pending), for an ACTIVE_PROCESS one a word to the new customer.
 */
export function LocationInfoDialog({ location, notice, onClosed }: { location: Location; notice: LocationNotice; onClosed(): void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const titleId = useId();
  const textId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const address = location.position.address || location.address;

  let title: string;
  let text: string;
  switch (notice.kind) {
    case 'countdown':
      title = t('locationInfo.pendingTitle');
      text = t('locationInfo.countdown', {
        count: notice.days,
        days: formatNumber(notice.days, language),
        address,
        date: formatDate(notice.startDate, language, location.timeZone),
      });
      break;
    case 'startsToday':
      title = t('locationInfo.pendingTitle');
      text = t('locationInfo.startsToday', { address });
      break;
    case 'pending':
      title = t('locationInfo.pendingTitle');
      text = t('locationInfo.pending', { address });
      break;
    case 'newUser':
      title = t('locationInfo.newUserTitle');
      text = t('locationInfo.newUser', { address });
      break;
  }

  return (
    <ModalDialog labelledBy={titleId} describedBy={textId} initialFocus={buttonRef} onClosed={onClosed}>
      <h2 id={titleId}>{title}</h2>
      <p id={textId}>{text}</p>
      <form method="dialog" className="dialog-actions">
        <button ref={buttonRef} type="submit" className="button button-primary">
          {t('locationInfo.close')}
        </button>
      </form>
    </ModalDialog>
  );
}

import { useTranslation } from 'react-i18next';
import { useActiveDisruption } from '../../shared/disruptions/active-disruption.ts';
import { InfoIcon, ToolIcon } from './help-icons.tsx';
import './notices.css';

/**
 * The banner of a warning disruption (spec 000 §2.4): its optional title and its message, at the
 * top of the page's main area, styled by its level (mild, moderate, severe). A live region, so a
 * banner that appears while the page is open is read out.
 */
export function DisruptionBanner() {
  const { t } = useTranslation();
  const disruption = useActiveDisruption();
  const warning = disruption?.type === 'warning' ? disruption : null;
  return (
    <div role="status" className="disruption-banner-region">
      {warning ? (
        <div className={`disruption-banner disruption-${warning.level}`}>
          {warning.level === 'mild' ? <InfoIcon /> : <ToolIcon />}
          <div>
            <p className="disruption-banner-title">
              <span className="visually-hidden">{t('disruption.label')}: </span>
              {warning.title ?? null}
            </p>
            <p className="disruption-banner-message">{warning.message}</p>
          </div>
        </div>
      ) : null}
    </div>
  );
}

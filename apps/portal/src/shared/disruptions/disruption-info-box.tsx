import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { hasFlag, useOrganisation } from '../api/organisation.ts';
import { safeUrl } from '../external-links.ts';
import './disruption-info-box.css';

/**
 * The optional disruption info box (spec 000 §2.4): a header, a text and a button to the
 * provider's disruption page, shown when the organisation switches on `DISRUPTION_INFO_BOX`. The
 * texts are copy texts (`disruptionInfo.*`, which an organisation can override); the button's
 * address is the organisation's `urls.disruptionInfo`, and without one there is no button.
 */
export function DisruptionInfoBox() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const headingId = useId();
  if (!hasFlag(organisation, 'DISRUPTION_INFO_BOX')) return null;
  const link = i18n.exists('urls.disruptionInfo', { ns: 'organisation' }) ? safeUrl(t('urls.disruptionInfo', { ns: 'organisation' })) : null;
  return (
    <section className="card disruption-info-box" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('disruptionInfo.header')}</h2>
      <p>{t('disruptionInfo.body')}</p>
      {link ? (
        <a className="button button-secondary" href={link} target="_blank" rel="noopener noreferrer">
          {t('disruptionInfo.button')}
          <span className="visually-hidden">{` (${t('shared:opensInNewWindow')})`}</span>
        </a>
      ) : null}
    </section>
  );
}

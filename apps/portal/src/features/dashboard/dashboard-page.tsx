import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { DisruptionInfoBox } from '../../shared/disruptions/disruption-info-box.tsx';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { useCurrentUser } from '../../shared/user/current-user.ts';
import { displayName } from '../../shared/user/display-name.ts';
import { LatestInvoices } from './latest-invoices.tsx';
import { TipsCard } from './tips-card.tsx';

/**
 * The dashboard (spec 000 §2.6): a greeting, the latest invoices of the selected account (left
 * out when the organisation hides invoices, `HIDE_INVOICES`) and the selected home's energy tips
 * (decision 0053).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const user = useCurrentUser();
  const { locations, accountId, selected } = useSelectedLocation();
  const greetingId = useId();
  const name = displayName(user, hasFlag(organisation, 'SHOW_FULL_NAME'));

  return (
    <div className="page-content">
      <section className="card greeting-card" aria-labelledby={greetingId}>
        <h2 id={greetingId}>{t('dashboard.greeting', { name }).trim()}</h2>
        <p>{locations.length > 0 ? t('dashboard.welcome') : t('dashboard.missingUser')}</p>
      </section>
      <DisruptionInfoBox />
      {hasFlag(organisation, 'HIDE_INVOICES') ? null : <LatestInvoices accountId={accountId} />}
      <TipsCard key={selected?._id ?? 'none'} locationId={selected?._id ?? null} />
    </div>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Agreement, AgreementInfoEntry } from '@gridline/contracts/agreements';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { useOrganisationLinks } from '../../shared/external-links.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { displayInfoValue, type InfoTexts } from './agreement-values.ts';
import { InquiriesSection } from './inquiries-section.tsx';
import { useAgreements } from './use-agreements.ts';
import { TabList, tabId, tabPanelId } from '../../shared/ui/tab-list.tsx';
import './agreement.css';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/**
 * The electricity agreement page (spec 000 §2.8): the selected location's agreements, a tab each
 * (titled by service type) when there are several; each a table of its details, the re-sign
 * link (RENEWAL_BUTTON) and, for the grid's agreement, the third-party data inquiries
 * (THIRD_PARTY_DATA_INQUIRIES); below, the organisation's frame (IFRAME_EMBEDS).
 */
export default function AgreementPage() {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const { selected } = useSelectedLocation();
  const links = useOrganisationLinks();
  const agreements = useAgreements(selected?._id ?? null);
  const [chosen, setChosen] = useState<string | null>(null);
  const tabsId = useId();

  const list = agreements.data ?? [];
  const activeIndex = Math.max(0, list.findIndex((agreement) => agreement._id === chosen));
  const active = list[activeIndex];
  const frame = hasFlag(organisation, 'IFRAME_EMBEDS') ? links.agreementFrame : null;
  const serviceName = (agreement: Agreement) => t(`agreement.serviceTypes.${agreement.siteType}`);

  let body;
  if (!selected) {
    body = (
      <section className="card">
        <p className="empty-state">{t('agreement.empty')}</p>
      </section>
    );
  } else if (agreements.isPending) {
    body = (
      <section className="card">
        <Spinner label={t('agreement.loading')} />
      </section>
    );
  } else if (agreements.isError) {
    body = (
      <section className="card">
        <ErrorAlert>{t('agreement.loadError')}</ErrorAlert>
      </section>
    );
  } else if (!active) {
    body = (
      <section className="card">
        <p className="empty-state">{t('agreement.empty')}</p>
      </section>
    );
  } else if (list.length === 1) {
    body = (
      <section className="card" aria-labelledby={`${tabsId}-heading`}>
        <AgreementDetails agreement={active} headingId={`${tabsId}-heading`} title={serviceName(active)} locationId={selected._id} siteId={selected.provider.siteId} />
      </section>
    );
  } else {
    body = (
      <section className="card agreement-tabs-card">
        <TabList
          label={t('agreement.tabsLabel')}
          names={list.map(serviceName)}
          activeIndex={activeIndex}
          onChoose={(index) => setChosen(list[index]?._id ?? null)}
          idPrefix={tabsId}
          className="agreement-tabs"
        />
        <div role="tabpanel" id={tabPanelId(tabsId)} aria-labelledby={tabId(tabsId, activeIndex)} tabIndex={0} className="agreement-panel">
          <AgreementDetails
            key={active._id}
            agreement={active}
            headingId={`${tabsId}-heading`}
            title={serviceName(active)}
            locationId={selected._id}
            siteId={selected.provider.siteId}
          />
        </div>
      </section>
    );
  }

  return (
    <div className="page-content">
      {body}
      {frame ? (
        <section className="card agreement-frame-card">
          <iframe className="agreement-frame" src={frame} title={t('agreement.frameTitle')} />
        </section>
      ) : null}
    </div>
  );
}

interface AgreementDetailsProps {
  agreement: Agreement;
  headingId: string;
  title: string;
  locationId: string;
  siteId: string;
}

/** One agreement: its details as a two-column table, the re-sign link and, for the grid's, the inquiries. */
function AgreementDetails({ agreement, headingId, title, locationId, siteId }: AgreementDetailsProps) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const organisation = useOrganisation();
  const links = useOrganisationLinks();
  const grid = agreement.siteType === 'CONSUMPTION_NET' || agreement.siteType === 'PRODUCTION_NET' || agreement.siteType === 'GAS_NET';
  const renewal = hasFlag(organisation, 'RENEWAL_BUTTON') && !grid ? links.renewal(siteId) : null;
  const inquiries = agreement.siteType === 'CONSUMPTION_NET' && hasFlag(organisation, 'THIRD_PARTY_DATA_INQUIRIES');

  const labels: Record<string, string> = {
    status: t('agreement.fields.status'),
    startDate: t('agreement.fields.startDate'),
    endDate: t('agreement.fields.endDate'),
    surcharge: t('agreement.fields.surcharge'),
    monthlyFee: t('agreement.fields.monthlyFee'),
    price: t('agreement.fields.price'),
    energyTax: t('agreement.fields.energyTax'),
    consumptionPrice: t('agreement.fields.consumptionPrice'),
    priceZone: t('agreement.fields.priceZone'),
    gridOperator: t('agreement.fields.gridOperator'),
    fuse: t('agreement.fields.fuse'),
  };
  const statuses: Record<string, string> = {
    active: t('agreement.statuses.active'),
    pending: t('agreement.statuses.pending'),
    terminated: t('agreement.statuses.terminated'),
    canceled: t('agreement.statuses.canceled'),
    cancelled: t('agreement.statuses.canceled'),
    ended: t('agreement.statuses.ended'),
  };
  const texts: InfoTexts = {
    language,
    currency: organisation.currency,
    timeZone: organisation.timeZone,
    currencySign: t(`units.currency.${organisation.currency}`, { ns: 'shared' }),
    status: (value) => statuses[value] ?? null,
    template: (name, values) => {
      switch (name) {
        case 'subUnitPerKwh':
          return t('agreement.templates.subUnitPerKwh', values);
        case 'currencyPerMonth':
          return t('agreement.templates.currencyPerMonth', values);
        case 'currencyPerYear':
          return t('agreement.templates.currencyPerYear', values);
        case 'currencyPerKwh':
          return t('agreement.templates.currencyPerKwh', values);
        case 'percent':
          return t('agreement.templates.percent', values);
        default:
          return null;
      }
    },
  };
  const label = (entry: AgreementInfoEntry) => labels[entry.key] ?? (entry.title || entry.key);

  return (
    <>
      <div className="agreement-header">
        <h2 id={headingId}>{title}</h2>
        {renewal ? (
          <a className="button button-primary" href={renewal} target="_blank" rel="noopener noreferrer">
            {t('agreement.resign')}
            <span className="visually-hidden">{` (${t('shared:opensInNewWindow')})`}</span>
          </a>
        ) : null}
      </div>
      <table className="data-table agreement-table">
        <caption className="visually-hidden">{t('agreement.detailsCaption', { type: title })}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('agreement.detail')}</th>
            <th scope="col">{t('agreement.value')}</th>
          </tr>
        </thead>
        <tbody>
          {agreement.info.map((entry, index) => (
            <tr key={`${entry.key}-${index}`}>
              <th scope="row">{label(entry)}</th>
              <td>
                <InfoValue entry={entry} texts={texts} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {inquiries ? <InquiriesSection locationId={locationId} serviceId={agreement.serviceId} /> : null}
    </>
  );
}

/** A value, or the raw value with a way to reach customer service when it cannot be shown. */
function InfoValue({ entry, texts }: { entry: AgreementInfoEntry; texts: InfoTexts }) {
  const { t } = useTranslation();
  const organisation = useOrganisation();
  const shown = displayInfoValue(entry, texts);
  if (shown.kind === 'text') return <>{shown.text}</>;
  const email = organisation.contact.email;
  const phone = organisation.contact.phone;
  const href = email ? `mailto:${email}` : phone ? `tel:${phone.replace(/[^\d+]/g, '')}` : null;
  return (
    <span className="agreement-fallback">
      {shown.raw ? <span>{shown.raw}</span> : null}
      {href ? <a href={href}>{t('agreement.contactSupport')}</a> : <span>{t('agreement.contactSupport')}</span>}
    </span>
  );
}

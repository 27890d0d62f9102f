import { useTranslation } from 'react-i18next';
import { currentEnvironment } from './environment.ts';

/**
 * An address taken from an organisation's copy text, when the portal may use it: http(s), or a
 * path on this site. Anything else (javascript:, data:, //host) is left out.
 */
export function safeUrl(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  if (text.startsWith('/')) return text.startsWith('//') || text.startsWith('/\\') ? null : text;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? text : null;
  } catch {
    return null;
  }
}

/** The frame address of a split invoice: the configured address with the invoice number appended. */
export function splitInvoiceUrl(base: string, invoiceNumber: string): string {
  return `${base}${encodeURIComponent(invoiceNumber)}`;
}

export interface OrganisationLinks {
  /** The grid operator's invoices (`organisation:urls.gridInvoice`). */
  gridInvoice: string | null;
  /**
   * Where a split invoice is framed, the invoice number to be appended: `urls.invoiceFrame` in
   * production, `urls.invoiceFrameStage` everywhere else (spec 000 §9).
   */
  invoiceFrame: string | null;
  /** The agreement page's frame (`urls.agreementFrame`). */
  agreementFrame: string | null;
  /** The account settings page's frame (`urls.accountFrame`). */
  accountFrame: string | null;
  /** The renewal address with the site id in place of `{{siteId}}` (`urls.renewal`). */
  renewal(siteId: string): string | null;
}

/**
 * The organisation's external addresses (spec 000 §7 "get external URL from a translated URL
 * key"): its own copy texts in the `organisation` group, per language. A missing or unusable
 * text gives null, and the portal leaves the link or frame out.
 */
export function useOrganisationLinks(): OrganisationLinks {
  const { i18n } = useTranslation();
  const production = currentEnvironment() === 'production';
  const gridInvoice = i18n.exists('urls.gridInvoice', { ns: 'organisation' }) ? safeUrl(i18n.t('urls.gridInvoice', { ns: 'organisation' })) : null;
  let invoiceFrame: string | null;
  if (production) {
    invoiceFrame = i18n.exists('urls.invoiceFrame', { ns: 'organisation' }) ? safeUrl(i18n.t('urls.invoiceFrame', { ns: 'organisation' })) : null;
  } else {
    invoiceFrame = i18n.exists('urls.invoiceFrameStage', { ns: 'organisation' }) ? safeUrl(i18n.t('urls.invoiceFrameStage', { ns: 'organisation' })) : null;
  }
  const agreementFrame = i18n.exists('urls.agreementFrame', { ns: 'organisation' }) ? safeUrl(i18n.t('urls.agreementFrame', { ns: 'organisation' })) : null;
  const accountFrame = i18n.exists('urls.accountFrame', { ns: 'organisation' }) ? safeUrl(i18n.t('urls.accountFrame', { ns: 'organisation' })) : null;
  const hasRenewal = i18n.exists('urls.renewal', { ns: 'organisation' });
  return {
    gridInvoice,
    invoiceFrame,
    agreementFrame,
    accountFrame,
    renewal: (siteId) => (hasRenewal ? safeUrl(i18n.t('urls.renewal', { ns: 'organisation', siteId: encodeURIComponent(siteId) })) : null),
  };
}

import type { OrganisationBuilder } from './organisation-builder.ts';

/**
 * The addresses a provider configures as its own copy texts (group `organisation`, spec 000 §7
 * "get external URL from a translated URL key"): the grid operator's invoices, the split-invoice
 * frame (one address for production, one for stage and the rest, spec 000 §9), the renewal link
 * with `{{siteId}}`, and the agreement page's frame. The demo points them at the local stand-ins
 * of those outside services (`demo/outside-pages.ts`); whether the portal shows them is up to
 * the organisation's flags.
 */
export function addOrganisationLinks(org: OrganisationBuilder): void {
  // Only where the demo switches one of the features on (solvik): the others keep no texts of their own.
  const flags = org.profile.flags;
  if (!['SHOW_GRID_INVOICE', 'SHOW_IFRAME_INVOICE', 'RENEWAL_BUTTON', 'IFRAME_EMBEDS'].some((flag) => flags[flag] === true)) return;
  org.addOrganisationTexts({
    'urls.gridInvoice': '/demo/grid-invoices',
    'urls.invoiceFrame': '/demo/split-invoice?environment=production&invoice=',
    'urls.invoiceFrameStage': '/demo/split-invoice?environment=stage&invoice=',
    'urls.renewal': '/demo/renew-agreement?siteId={{siteId}}',
    'urls.agreementFrame': '/demo/agreement-offer',
  });
}

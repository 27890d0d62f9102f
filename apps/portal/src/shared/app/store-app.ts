import type { PortalOrganisation } from '../api/organisation.ts';

export type StoreName = 'appStore' | 'googlePlay';

export interface StoreLink {
  store: StoreName;
  url: string;
}

export interface StoreApp {
  /** The organisation's app-store links, App Store first; empty when it has none. */
  links: StoreLink[];
  /** The store-app download block (spec 000 §2.2): links exist and the organisation has an app. */
  showBlock: boolean;
  /** The download-app dialog (spec 000 §2.5): the app exists and the popup is not hidden. */
  offerPopup: boolean;
}

const stores: readonly StoreName[] = ['appStore', 'googlePlay'];

/**
 * What the portal offers of the organisation's app, from its flags `HAS_APP` and `HIDE_POPUP`
 * and the store links of its public configuration. Without a link there is nothing to download,
 * so neither the block nor the dialog shows.
 */
export function storeApp(organisation: Pick<PortalOrganisation, 'flags' | 'links'>): StoreApp {
  const links = stores.flatMap((store) => {
    const url = organisation.links[store];
    return url && /^https:\/\//.test(url) ? [{ store, url }] : [];
  });
  const hasApp = organisation.flags.HAS_APP === true && links.length > 0;
  return { links, showBlock: hasApp, offerPopup: hasApp && organisation.flags.HIDE_POPUP !== true };
}

import { describe, expect, it } from 'vitest';
import { PortalFlags } from '@gridline/contracts/settings';
import { storeApp } from './store-app.ts';

const appStore = 'https://apps.apple.com/app/koivu-energia/id0000000001';
const googlePlay = 'https://play.google.com/store/apps/details?id=example.koivu';
const organisation = (flags: Partial<PortalFlags>, links: { appStore?: string; googlePlay?: string }) => ({
  flags: PortalFlags.parse(flags),
  links,
});

describe('storeApp', () => {
  it('offers the block and the dialog when the organisation has an app and store links', () => {
    expect(storeApp(organisation({ HAS_APP: true }, { googlePlay, appStore }))).toEqual({
      links: [
        { store: 'appStore', url: appStore },
        { store: 'googlePlay', url: googlePlay },
      ],
      showBlock: true,
      offerPopup: true,
    });
  });

  it('keeps the block but not the dialog when the popup is hidden', () => {
    const app = storeApp(organisation({ HAS_APP: true, HIDE_POPUP: true }, { appStore }));
    expect(app).toMatchObject({ showBlock: true, offerPopup: false });
    expect(app.links.map((link) => link.store)).toEqual(['appStore']);
  });

  it('offers nothing without the app flag, whatever the links', () => {
    expect(storeApp(organisation({}, { appStore, googlePlay }))).toMatchObject({ showBlock: false, offerPopup: false });
  });

  it('offers nothing without a store link, even with the app flag', () => {
    expect(storeApp(organisation({ HAS_APP: true }, {}))).toEqual({ links: [], showBlock: false, offerPopup: false });
    expect(storeApp(organisation({ HAS_APP: true }, { appStore: 'javascript:alert(1)' }))).toMatchObject({ links: [], showBlock: false });
  });
});

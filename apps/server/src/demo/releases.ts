import { createHash } from 'node:crypto';
import { assetPath } from '@gridline/contracts/assets';
import { ReleaseContent } from '@gridline/contracts/settings';
import { deriveTheme } from '@gridline/contracts/settings-theme';
import { prepareUpload } from '../modules/assets/service.ts';
import { demoModules } from './home-modules.ts';
import type { OrganisationProfile } from './profile-types.ts';

/** An id derived from its name, so releases neither consume nor shift the data's random draws. */
export function stableId(...parts: string[]): string {
  return createHash('sha1').update(parts.join(':')).digest('hex').slice(0, 24);
}


/** A simple word mark: a rounded square in the secondary colour with the initial, then the name. */
function logoSvg(profile: OrganisationProfile): string {
  const { primaryColor, secondaryColor, logoText } = profile.theme;
  const width = 44 + logoText.length * 15;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="40" viewBox="0 0 ${width} 40"><rect x="2" y="4" width="32" height="32" rx="8" fill="${secondaryColor}"/><text x="18" y="27" font-family="Arial, sans-serif" font-size="19" font-weight="700" fill="${primaryColor}" text-anchor="middle">${logoText[0]}</text><text x="42" y="28" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="${primaryColor}">${logoText}</text></svg>`;
}

function faviconSvg(profile: OrganisationProfile): string {
  const { primaryColor, secondaryColor, logoText } = profile.theme;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="${primaryColor}"/><text x="16" y="23" font-family="Arial, sans-serif" font-size="20" font-weight="700" fill="${secondaryColor}" text-anchor="middle">${logoText[0]}</text></svg>`;
}

/** The demo organisation's logo and favicon, as assets (decision 0048): ids derived from the slug, the SVGs checked and sanitised as an upload is. */
export function demoAssets(profile: OrganisationProfile): Array<ReturnType<typeof prepareUpload> & { id: string; file: string }> {
  const asset = (kind: 'logo' | 'favicon', file: string, svg: string) => ({
    id: stableId('gridline-demo', profile.slug, 'asset', kind),
    file,
    ...prepareUpload({ name: file, kind, contentType: 'image/svg+xml', content: Buffer.from(svg).toString('base64') }),
  });
  return [asset('logo', 'logo.svg', logoSvg(profile)), asset('favicon', 'favicon.svg', faviconSvg(profile))];
}

/** The organisation's e-mail domain, from its customer service's address. */
function domainOf(profile: OrganisationProfile): string {
  return profile.publicConfiguration.contact?.email?.split('@')[1] ?? `${profile.slug}.example`;
}

/**
 * The demo organisation's theme parts: derived from its brand colours, with pill buttons where the
 * brand's corners are large, and a home view in the primary colour that stays put while the
 * page scrolls.
 */
export function demoThemeParts(profile: OrganisationProfile): ReturnType<typeof deriveTheme> {
  const { primaryColor, secondaryColor, borderRadius } = profile.theme;
  return deriveTheme(primaryColor, secondaryColor, { borderRadius: borderRadius === 'LARGE' ? 'MAX' : borderRadius, home: true });
}

/** The organisation's first published release, validated like any release; its logo and favicon are the demo assets. */
export function demoRelease(profile: OrganisationProfile): { id: string; content: ReleaseContent } {
  const id = (part: string) => stableId('gridline-demo', profile.slug, 'release-1', part);
  const [logo, favicon] = demoAssets(profile);
  const content = ReleaseContent.parse({
    theme: {
      id: id('theme'),
      primaryColor: profile.theme.primaryColor,
      secondaryColor: profile.theme.secondaryColor,
      borderRadius: profile.theme.borderRadius,
      logo: { url: assetPath(logo!.id), alt: profile.name },
      logoText: profile.theme.logoText,
      favicon: assetPath(favicon!.id),
      // Every part of spec 002's theme from the brand colours (decision 0055): each pair passes AA.
      ...demoThemeParts(profile),
    },
    featureFlags: {
      id: id('flags'),
      flags: { ...profile.flags, LANGUAGES: [profile.defaultLanguage, ...profile.languages.filter((l) => l !== profile.defaultLanguage)], SIGN_IN_METHODS: [...profile.signInMethods] },
    },
    featureConfigurations: {
      id: id('configurations'),
      // The accessibility contact is required (spec 002 §3): the customer service's domain; the rest of the known configurations take their defaults.
      public: { ...profile.publicConfiguration, customerSupport: { accessibilityEmail: `accessibility@${domainOf(profile)}` } },
      protected: {},
    },
    modules: { id: id('modules'), ...demoModules(profile, id) },
    customFavorites: { id: id('favorites'), items: [] },
  });
  return { id: id('release'), content };
}

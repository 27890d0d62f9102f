import type { PortalOrganisation } from '../api/organisation.ts';

/**
 * The organisation's logo: its image when the theme has one (with the theme's alt text), else its
 * logo text in the primary colour.
 */
export function OrganisationLogo({ organisation }: { organisation: PortalOrganisation }) {
  const { logo, logoText } = organisation.theme;
  if (logo) return <img className="logo-image" src={logo.url} alt={logo.alt} />;
  return <>{logoText}</>;
}

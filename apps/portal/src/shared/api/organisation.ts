import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { Language, SignInType } from '@gridline/contracts/enums';
import type { PortalFlag, PortalFlags, PublicRelease } from '@gridline/contracts/settings';
import { client } from './client.ts';

/** The portal's view of its organisation: identity and the configuration of the published release. */
export interface PortalOrganisation {
  slug: string;
  name: string;
  country: PublicRelease['organisation']['country'];
  currency: PublicRelease['organisation']['currency'];
  timeZone: string;
  languages: Language[];
  signInMethods: SignInType[];
  flags: PortalFlags;
  theme: PublicRelease['theme'];
  links: PublicRelease['featureConfigurations']['public']['links'];
  contact: PublicRelease['featureConfigurations']['public']['contact'];
  /** The support chat's provider and identifiers, when the organisation has one. */
  supportChat: PublicRelease['featureConfigurations']['public']['supportChat'];
}

export function toPortalOrganisation(release: PublicRelease): PortalOrganisation {
  const flags = release.featureFlags.flags;
  return {
    ...release.organisation,
    languages: flags.LANGUAGES,
    signInMethods: flags.SIGN_IN_METHODS,
    flags,
    theme: release.theme,
    links: release.featureConfigurations.public.links,
    contact: release.featureConfigurations.public.contact,
    supportChat: release.featureConfigurations.public.supportChat,
  };
}

export const organisationQueryOptions = () =>
  queryOptions({
    queryKey: ['organisation'],
    queryFn: async () => toPortalOrganisation(await client.getRelease()),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The organisation's configuration; loaded before the first paint, so never pending. */
export function useOrganisation(): PortalOrganisation {
  return useSuspenseQuery(organisationQueryOptions()).data;
}

/** A boolean feature flag of the organisation (`SHOW_FULL_NAME`, `HIDE_INVOICES`, …). */
export function hasFlag(organisation: PortalOrganisation, flag: PortalFlag): boolean {
  return organisation.flags[flag] === true;
}

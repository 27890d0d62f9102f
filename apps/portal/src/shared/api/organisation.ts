import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import type { PublicOrganisation } from '@gridline/contracts/organisations';
import { client } from './client.ts';

export const organisationQueryOptions = () =>
  queryOptions({
    queryKey: ['organisation'],
    queryFn: () => client.getOrganisation(),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The organisation's public configuration; loaded before the first paint, so never pending. */
export function useOrganisation(): PublicOrganisation {
  return useSuspenseQuery(organisationQueryOptions()).data;
}

/** A boolean feature flag of the organisation (`SHOW_FULL_NAME`, `HIDE_INVOICES`, …). */
export function hasFlag(organisation: PublicOrganisation, flag: string): boolean {
  return organisation.flags[flag] === true;
}

/** The text of the header logo: the theme's `logoText` when the configuration has one, else the name. */
export function logoText(organisation: PublicOrganisation): string {
  const theme: Record<string, unknown> = organisation.theme;
  const text = theme['logoText'];
  return typeof text === 'string' && text.trim() !== '' ? text : organisation.name;
}

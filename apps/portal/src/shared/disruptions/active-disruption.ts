import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from '../api/client.ts';
import { useOrganisation } from '../api/organisation.ts';
import { useLanguage } from '../i18n/language-context.ts';
import { disruptionView, type DisruptionView } from './disruption-view.ts';

/** How often the portal asks again, besides each page load and each return to the tab. */
export const DISRUPTION_POLL_MS = 60_000;

/** The disruption in force for the portal (spec 000 §7 "the active disruption for the my-pages channel"). */
export const activeDisruptionQueryOptions = () =>
  queryOptions({
    queryKey: ['disruption', 'mypages'],
    queryFn: () => client.getActiveDisruption('mypages'),
    refetchInterval: DISRUPTION_POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
    // A failed read is no disruption: the portal goes on as it is.
    retry: false,
  });

/** The ongoing disruption in the current language, or null (also while loading or after a failed read). */
export function useActiveDisruption(): DisruptionView | null {
  const { language } = useLanguage();
  const organisation = useOrganisation();
  const { data } = useQuery(activeDisruptionQueryOptions());
  return disruptionView(data, language, organisation.languages);
}

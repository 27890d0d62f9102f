import { useQueryClient } from '@tanstack/react-query';
import { settingsKeys } from '../../shared/settings/use-settings-draft.ts';

/** The query keys of the releases page (the status is the drafts hook's). */
export const publishingKeys = {
  releases: (organisation: string) => ['settingsReleases', organisation] as const,
  requests: (organisation: string) => ['changeRequests', organisation] as const,
  diff: (organisation: string) => ['settingsDiff', organisation] as const,
  policy: (organisation: string) => ['publishingPolicy', organisation] as const,
};

/** After any publishing action: the status, the histories, the comparisons and every draft may have changed. */
export function useRefreshPublishing(organisation: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: settingsKeys.status(organisation) }),
      queryClient.invalidateQueries({ queryKey: publishingKeys.releases(organisation) }),
      queryClient.invalidateQueries({ queryKey: publishingKeys.requests(organisation) }),
      queryClient.invalidateQueries({ queryKey: publishingKeys.diff(organisation) }),
      queryClient.invalidateQueries({ queryKey: publishingKeys.policy(organisation) }),
      queryClient.invalidateQueries({ queryKey: ['settingsDraft', organisation] }),
    ]);
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { draftEndpointsByPart, getReleaseStatus } from '@gridline/contracts/endpoints/settings-drafts';
import type { SettingsDraft, SettingsPart } from '@gridline/contracts/settings-parts';
import { client } from '../api/client.ts';

/** The query keys of a part's draft and of the release status (the releases page and every editor share them). */
export const settingsKeys = {
  draft: (organisation: string, part: SettingsPart) => ['settingsDraft', organisation, part] as const,
  status: (organisation: string) => ['settingsStatus', organisation] as const,
};

/**
 * One part's draft as every editor of the back office uses it (decision 0054): the draft (with the
 * live part and what publishing would release), `save` to replace the draft with what the editor
 * holds (`If-Match` the revision it loaded, so a colleague's change answers 412 `DRAFT_STALE`
 * instead of being overwritten), and `discard`. A save refreshes the release status.
 */
export function useSettingsDraft(organisation: string, part: SettingsPart) {
  const queryClient = useQueryClient();
  const key = settingsKeys.draft(organisation, part);
  const endpoints = draftEndpointsByPart[part];
  const draft = useQuery({ queryKey: key, queryFn: () => client.data(endpoints.get, { params: { organisation } }) as Promise<SettingsDraft>, enabled: organisation !== '' });
  const revision = `"${draft.data?.revision ?? 0}"`;
  const settled = (data: SettingsDraft) => {
    queryClient.setQueryData(key, data);
    void queryClient.invalidateQueries({ queryKey: settingsKeys.status(organisation) });
  };
  const save = useMutation({
    mutationFn: (content: unknown) =>
      client.data(endpoints.replace, { params: { organisation }, body: content as never, headers: { 'If-Match': revision } }) as Promise<SettingsDraft>,
    onSuccess: settled,
  });
  const discard = useMutation({
    mutationFn: () => client.data(endpoints.discard, { params: { organisation }, headers: { 'If-Match': revision } }) as Promise<SettingsDraft>,
    onSuccess: settled,
  });
  return { draft, save, discard };
}

/** Every part's release state and the change request under way (the releases page, and the editors' "publish" hint). */
export function useReleaseStatus(organisation: string) {
  return useQuery({ queryKey: settingsKeys.status(organisation), queryFn: () => client.data(getReleaseStatus, { query: { organisation } }), enabled: organisation !== '' });
}

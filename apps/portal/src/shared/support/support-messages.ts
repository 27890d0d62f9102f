import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadAnswers } from '@gridline/contracts/support';
import { client } from '../api/client.ts';

/**
 * The customer's messages with customer service (issue 17, decision 0047), as the help page and
 * the menu read them for the unread count: without marking anything read. The messages page
 * reads them with `markAsRead` and puts its answer here, so the count drops at once.
 */
export const supportMessagesQuery = () =>
  queryOptions({
    queryKey: ['support-messages'],
    queryFn: () => client.getSupportMessages(false),
    // An answer from customer service shows within a minute on any page that counts.
    refetchInterval: 60_000,
    staleTime: 15_000,
  });

/** How many answers wait unread (0 while loading or when the read fails: the count is a hint, not a page). */
export function useUnreadAnswers(): number {
  const { data } = useQuery(supportMessagesQuery());
  return unreadAnswers(data);
}

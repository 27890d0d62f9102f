import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InquiryStatus } from '@gridline/contracts/inquiries';
import { isApiError } from '@gridline/client/errors';
import { client } from '../../shared/api/client.ts';
import { useIsSignedIn } from '../../shared/api/use-is-signed-in.ts';

/** The location's agreements (`GET /v4/{organisation}/locations/{id}/agreements`). */
export function useAgreements(locationId: string | null) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: ['agreements', locationId],
    queryFn: () => client.getAgreements(locationId ?? ''),
    enabled: signedIn && locationId !== null,
  });
}

const inquiriesKey = (locationId: string) => ['third-party-data-inquiries', locationId] as const;

/** Third-party data inquiries about the location (`GET …/locations/{id}/third-party-data-inquiries`). */
export function useInquiries(locationId: string, enabled: boolean) {
  const signedIn = useIsSignedIn();
  return useQuery({
    queryKey: inquiriesKey(locationId),
    queryFn: () => client.getInquiries(locationId),
    enabled: signedIn && enabled,
  });
}

export interface InquiryAnswer {
  inquiryId: string;
  inquirer: string;
  status: InquiryStatus;
}

/**
 * Answer an inquiry (`PUT …/third-party-data-inquiries/{inquiryId}`); the answer is the updated
 * list, which replaces the cached one. A refused move (409: someone else answered meanwhile)
 * reloads the list so that it shows the status in force.
 */
export function useAnswerInquiry(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ inquiryId, status }: InquiryAnswer) => client.updateInquiry(locationId, inquiryId, status),
    onSuccess: (inquiries) => queryClient.setQueryData(inquiriesKey(locationId), inquiries),
    onError: (error) => {
      if (isApiError(error) && error.status === 409) void queryClient.invalidateQueries({ queryKey: inquiriesKey(locationId) });
    },
  });
}

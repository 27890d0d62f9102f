import { z } from 'zod';
import { Id } from './common.ts';

/**
 * Third-party data inquiries (spec 000 §3 and §4.3, spec 001 §3): a company asks to read the
 * meter data of a customer's grid service, and the customer answers. One definition of the
 * statuses and of the transitions, used by the server (which enforces them) and the portal
 * (which offers only the allowed ones).
 */
export const inquiryStatuses = ['pending', 'accepted', 'rejected'] as const;
export const InquiryStatus = z.enum(inquiryStatuses);
export type InquiryStatus = z.infer<typeof InquiryStatus>;

/** pending may become accepted or rejected; accepted may become rejected; rejected is final. */
export const inquiryTransitions: Readonly<Record<InquiryStatus, readonly InquiryStatus[]>> = {
  pending: ['accepted', 'rejected'],
  accepted: ['rejected'],
  rejected: [],
};

/** The statuses an inquiry in `status` may be given (none for a rejected one). */
export function allowedInquiryTargets(status: InquiryStatus): readonly InquiryStatus[] {
  return inquiryTransitions[status];
}

/** Whether an inquiry may go from `from` to `to` (a status is never a transition to itself). */
export function canChangeInquiry(from: InquiryStatus, to: InquiryStatus): boolean {
  return inquiryTransitions[from].includes(to);
}

export const ThirdPartyDataInquiry = z.object({
  inquiryId: Id,
  serviceId: Id,
  /** The company that asks. */
  inquirer: z.string(),
  /** When it asked, ISO 8601 with Z. */
  inquiryDate: z.string(),
  status: InquiryStatus,
});
export type ThirdPartyDataInquiry = z.infer<typeof ThirdPartyDataInquiry>;

/** `PUT /v4/{organisation}/locations/{id}/third-party-data-inquiries/{inquiryId}`. */
export const UpdateInquiryRequest = z.object({ status: InquiryStatus });
export type UpdateInquiryRequest = z.infer<typeof UpdateInquiryRequest>;

import { describe, expect, it } from 'vitest';
import { allowedInquiryTargets, canChangeInquiry, inquiryStatuses, type InquiryStatus } from './inquiries.ts';

describe('third-party data inquiry transitions (spec 000 §4.3)', () => {
  it('lets pending become accepted or rejected, accepted become rejected, and nothing else', () => {
    const allowed: string[] = [];
    for (const from of inquiryStatuses) for (const to of inquiryStatuses) if (canChangeInquiry(from, to)) allowed.push(`${from}→${to}`);
    expect(allowed).toEqual(['pending→accepted', 'pending→rejected', 'accepted→rejected']);
  });

  it('keeps rejected final and never counts a status as a move to itself', () => {
    expect(allowedInquiryTargets('rejected')).toEqual([]);
    for (const status of inquiryStatuses) expect(canChangeInquiry(status, status)).toBe(false);
  });

  it('offers exactly the moves it allows', () => {
    const targets: Record<InquiryStatus, readonly InquiryStatus[]> = { pending: ['accepted', 'rejected'], accepted: ['rejected'], rejected: [] };
    for (const status of inquiryStatuses) {
      expect(allowedInquiryTargets(status)).toEqual(targets[status]);
      for (const to of allowedInquiryTargets(status)) expect(canChangeInquiry(status, to)).toBe(true);
    }
  });
});

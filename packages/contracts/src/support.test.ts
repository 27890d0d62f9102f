import { describe, expect, it } from 'vitest';
import { SUPPORT_TEXT_MAX, SupportMessageRequest, supportTextProblem, unreadAnswers, UpdateFeedbackRequest } from './support.ts';

describe('the text of a support message or feedback (decision 0047)', () => {
  it('takes 1–2000 characters after trimming, with line breaks and tabs', () => {
    expect(supportTextProblem('Hello')).toBeNull();
    expect(supportTextProblem('Two\nlines\tand a tab')).toBeNull();
    expect(supportTextProblem(`  ${'x'.repeat(SUPPORT_TEXT_MAX)}  `)).toBeNull();
    expect(SupportMessageRequest.parse({ text: '  padded \n' })).toEqual({ text: 'padded' });
  });

  it('names the rule a text breaks', () => {
    expect(supportTextProblem('')).toBe('SUPPORT_TEXT_REQUIRED');
    expect(supportTextProblem(' \n\t ')).toBe('SUPPORT_TEXT_REQUIRED');
    expect(supportTextProblem('x'.repeat(SUPPORT_TEXT_MAX + 1))).toBe('SUPPORT_TEXT_TOO_LONG');
    expect(supportTextProblem('nul\u0000byte')).toBe('INVALID_CHARACTERS');
    expect(supportTextProblem('bell\u0007')).toBe('INVALID_CHARACTERS');
  });

  it('is strict: a request names nothing but the text', () => {
    expect(SupportMessageRequest.safeParse({ text: 'Hi', from: 'support' }).success).toBe(false);
    expect(UpdateFeedbackRequest.safeParse({ handled: true, note: 'ok', text: 'rewritten' }).success).toBe(false);
    expect(UpdateFeedbackRequest.parse({ handled: false })).toEqual({ handled: false, note: '' });
  });
});

describe('the unread count', () => {
  it("counts customer service's answers the customer has not read, not the customer's own messages", () => {
    expect(unreadAnswers(undefined)).toBe(0);
    expect(unreadAnswers([{ from: 'customer', read: false }, { from: 'support', read: true }])).toBe(0);
    expect(unreadAnswers([{ from: 'customer', read: false }, { from: 'support', read: false }, { from: 'support', read: false }])).toBe(2);
  });
});

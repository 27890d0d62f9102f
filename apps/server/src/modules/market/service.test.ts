import { describe, expect, it } from 'vitest';
import { marketInstant, publicationState } from './service.ts';

describe('the publication state of day-ahead prices', () => {
  it('is final when received after gate closure (12:00 CET the day before), preliminary before', () => {
    expect(publicationState('2026-11-21', new Date('2026-11-20T10:59:59Z'))).toBe('preliminary');
    expect(publicationState('2026-11-21', new Date('2026-11-20T11:00:00Z'))).toBe('final');
    expect(publicationState('2026-11-21', new Date('2026-11-20T12:05:00Z'))).toBe('final');
    // Received during or after the delivery day (a catch-up): final.
    expect(publicationState('2026-11-21', new Date('2026-11-23T08:00:00Z'))).toBe('final');
  });

  it('follows summer time (12:00 CEST is 10:00Z)', () => {
    expect(publicationState('2026-07-02', new Date('2026-07-01T09:59:00Z'))).toBe('preliminary');
    expect(publicationState('2026-07-02', new Date('2026-07-01T10:00:00Z'))).toBe('final');
  });
});

describe('marketInstant', () => {
  it('is the hour in Brussels, on DST change days too', () => {
    expect(marketInstant('2026-11-20', 13).toISOString()).toBe('2026-11-20T12:00:00.000Z');
    expect(marketInstant('2026-03-29', 12).toISOString()).toBe('2026-03-29T10:00:00.000Z'); // 23-hour day
    expect(marketInstant('2026-10-25', 16).toISOString()).toBe('2026-10-25T15:00:00.000Z'); // 25-hour day
  });
});

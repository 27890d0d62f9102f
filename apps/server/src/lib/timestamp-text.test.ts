import { describe, expect, it } from 'vitest';
import { TimestampText } from './timestamp-text.ts';

const at = (iso: string) => Date.parse(iso);

describe('TimestampText', () => {
  it('formats quarter-hours as timestamptz text in UTC, across days', () => {
    const text = new TimestampText();
    expect(text.format(at('2025-03-30T00:45:00Z'))).toBe('2025-03-30 00:45:00+00');
    expect(text.format(at('2025-03-30T23:15:00Z'))).toBe('2025-03-30 23:15:00+00');
    expect(text.format(at('2025-03-31T00:00:00Z'))).toBe('2025-03-31 00:00:00+00');
    // back to an earlier day
    expect(text.format(at('2024-12-31T23:00:00Z'))).toBe('2024-12-31 23:00:00+00');
  });

  it('formats other instants in full, so that none is rounded to its quarter', () => {
    const text = new TimestampText();
    expect(text.format(at('2025-03-30T01:10:00Z'))).toBe('2025-03-30T01:10:00.000Z');
    expect(text.format(at('2025-03-30T01:15:00.500Z'))).toBe('2025-03-30T01:15:00.500Z');
    expect(text.format(at('2025-03-30T01:15:00Z'))).toBe('2025-03-30 01:15:00+00');
  });

  it('formats instants before 1970 by the same day arithmetic', () => {
    expect(new TimestampText().format(at('1969-12-31T23:45:00Z'))).toBe('1969-12-31 23:45:00+00');
  });
});

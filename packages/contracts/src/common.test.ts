import { describe, expect, it } from 'vitest';
import { BoundedDate, BoundedInstant, BoundedText, hasControlCharacter, Slug, Username, USERNAME_MAX_LENGTH } from './common.ts';

describe('bounded input primitives', () => {
  it('refuse control characters, and over-long text', () => {
    const text = BoundedText(10);
    expect(text.safeParse('plain text').success).toBe(true);
    expect(text.safeParse('a\u0000b').success).toBe(false);
    expect(text.safeParse('a\u007fb').success).toBe(false);
    expect(text.safeParse('line\nbreak').success).toBe(false);
    expect(text.safeParse('x'.repeat(11)).success).toBe(false);
    const message = BoundedText(100, { multiline: true });
    expect(message.safeParse('line\nbreak\r\n\ttab').success).toBe(true);
    expect(message.safeParse('bell\u0007').success).toBe(false);
    expect(BoundedText(5, { min: 1 }).safeParse('').success).toBe(false);
    expect(hasControlCharacter('é漢💥\u200b')).toBe(false);
  });

  it('take a username as long as the database can count it, and no longer', () => {
    expect(Username.safeParse('x'.repeat(USERNAME_MAX_LENGTH)).success).toBe(true);
    expect(Username.safeParse('x'.repeat(600)).success).toBe(false);
  });

  it('take a slug the database could hold', () => {
    expect(Slug.safeParse('fjellkraft').success).toBe(true);
    for (const slug of ['S', 'Solvik', 'sol vik', 'sol\u0000vik', 'x'.repeat(41)]) expect(Slug.safeParse(slug).success).toBe(false);
  });

  it('bound dates and instants to the years the calendar knows', () => {
    expect(BoundedInstant.safeParse('2025-10-26T01:00:00Z').success).toBe(true);
    expect(BoundedInstant.safeParse('2025-10-26T02:00:00+01:00').success).toBe(true);
    expect(BoundedDate.safeParse('2025-10-26').success).toBe(true);
    for (const year of ['0000', '0001', '1969', '2101', '9999']) {
      expect(BoundedInstant.safeParse(`${year}-01-01T00:00:00Z`).success).toBe(false);
      expect(BoundedDate.safeParse(`${year}-01-01`).success).toBe(false);
    }
    expect(BoundedInstant.safeParse('2025-10-26T01:00:00').success).toBe(false);
  });
});

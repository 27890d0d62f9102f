import { describe, expect, it } from 'vitest';
import { HOME_RESIDENTS, HOME_SIZE } from '@gridline/contracts/home';
import { parseWholeNumber } from './whole-number.ts';

describe('a whole number typed into the size or residents field', () => {
  it('is read within its bounds (size 20–300 m², residents 1–20)', () => {
    expect(parseWholeNumber('75', HOME_SIZE.min, HOME_SIZE.max)).toBe(75);
    expect(parseWholeNumber(' 20 ', HOME_SIZE.min, HOME_SIZE.max)).toBe(20);
    expect(parseWholeNumber('300', HOME_SIZE.min, HOME_SIZE.max)).toBe(300);
    expect(parseWholeNumber('19', HOME_SIZE.min, HOME_SIZE.max)).toBeNull();
    expect(parseWholeNumber('301', HOME_SIZE.min, HOME_SIZE.max)).toBeNull();
    expect(parseWholeNumber('1', HOME_RESIDENTS.min, HOME_RESIDENTS.max)).toBe(1);
    expect(parseWholeNumber('0', HOME_RESIDENTS.min, HOME_RESIDENTS.max)).toBeNull();
    expect(parseWholeNumber('21', HOME_RESIDENTS.min, HOME_RESIDENTS.max)).toBeNull();
  });

  it('is nothing for text that is not a whole number', () => {
    for (const text of ['', ' ', '7.5', '7,5', '1e2', '-3', '+3', 'abc', '75m', '0x20']) {
      expect(parseWholeNumber(text, 0, 1000), text).toBeNull();
    }
  });
});

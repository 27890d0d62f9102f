import { describe, expect, it } from 'vitest';
import { formatNamePart, formatPersonName } from './names.ts';

describe('formatNamePart', () => {
  it('capitalises a name registered in lower case, each hyphen part too', () => {
    expect(formatNamePart('anna-karin')).toBe('Anna-Karin');
    expect(formatNamePart('åsa')).toBe('Åsa');
    expect(formatNamePart('jean--luc')).toBe('Jean--Luc');
    expect(formatNamePart('anna karin')).toBe('Anna Karin');
  });

  it('mends a name registered in capitals', () => {
    expect(formatNamePart('LINDQVIST')).toBe('Lindqvist');
    expect(formatNamePart("O'BRIEN")).toBe("O'Brien");
    expect(formatNamePart('ÖBERG-ÄNGQVIST')).toBe('Öberg-Ängqvist');
  });

  it('keeps a spelling in mixed case as the person registered it', () => {
    expect(formatNamePart('McDonald')).toBe('McDonald');
    expect(formatNamePart('von Essen')).toBe('von Essen');
    expect(formatNamePart('Lindqvist')).toBe('Lindqvist');
  });

  it('tidies spaces and is empty without a name', () => {
    expect(formatNamePart('  anna   karin ')).toBe('Anna Karin');
    expect(formatNamePart('')).toBe('');
    expect(formatNamePart(null)).toBe('');
    expect(formatNamePart(undefined)).toBe('');
  });
});

describe('formatPersonName', () => {
  it('joins first and last name, each mended', () => {
    expect(formatPersonName({ firstName: 'anna-karin', lastName: 'Lindqvist' })).toBe('Anna-Karin Lindqvist');
    expect(formatPersonName({ firstName: 'ERIK', lastName: 'svensson' })).toBe('Erik Svensson');
    expect(formatPersonName({ firstName: 'Katharina', lastName: 'Gruber' })).toBe('Katharina Gruber');
  });

  it('leaves out a missing part', () => {
    expect(formatPersonName({ firstName: 'anna', lastName: '' })).toBe('Anna');
    expect(formatPersonName({ firstName: null, lastName: 'lindqvist' })).toBe('Lindqvist');
    expect(formatPersonName({})).toBe('');
    expect(formatPersonName(null)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { displayName } from './display-name.ts';

describe('displayName', () => {
  it('keeps the first word of the first name, with each hyphen part capitalised', () => {
    expect(displayName({ firstName: 'anna-karin', lastName: 'lindqvist' }, false)).toBe('Anna-Karin');
    expect(displayName({ firstName: 'ANNA-KARIN MARIA', lastName: 'Lindqvist' }, false)).toBe('Anna-Karin');
    expect(displayName({ firstName: 'Erik Johan', lastName: 'Svensson' }, false)).toBe('Erik');
  });

  it('handles letters outside A–Z and stray spaces', () => {
    expect(displayName({ firstName: '  åsa-öberg ', lastName: 'x' }, false)).toBe('Åsa-Öberg');
    expect(displayName({ firstName: 'jean--luc', lastName: '' }, false)).toBe('Jean--Luc');
  });

  it('gives first and last name when the organisation shows full names', () => {
    expect(displayName({ firstName: 'Anna-Karin', lastName: 'Lindqvist' }, true)).toBe('Anna-Karin Lindqvist');
    expect(displayName({ firstName: ' Anna  Karin ', lastName: ' Lindqvist ' }, true)).toBe('Anna Karin Lindqvist');
    expect(displayName({ firstName: 'Anna', lastName: '' }, true)).toBe('Anna');
    // registered in one case by the provider's system: mended as everywhere else
    expect(displayName({ firstName: 'anna-karin', lastName: 'LINDQVIST' }, true)).toBe('Anna-Karin Lindqvist');
  });

  it('is empty when there is no name', () => {
    expect(displayName({ firstName: '', lastName: '' }, false)).toBe('');
    expect(displayName({ firstName: null, lastName: null }, true)).toBe('');
  });
});

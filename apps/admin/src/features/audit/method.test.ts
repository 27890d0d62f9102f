import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '@gridline/copy/admin/en';
import { methodText } from './method.ts';

/** The English texts' own lookup, enough for these keys. */
const t = ((key: string, options?: { method?: string; defaultValue?: string }) => {
  const text = key.split('.').reduce<unknown>((at, part) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined), en);
  if (typeof text !== 'string') return options?.defaultValue ?? key;
  return text.replace('{{method}}', options?.method ?? '');
}) as unknown as TFunction;

describe("an audit entry's sign-in method in words", () => {
  it('names the method, the second step, and keeps an unknown one as written', () => {
    expect(methodText(t, 'password')).toBe('password');
    expect(methodText(t, 'bankid+otp')).toBe('BankID and a second step');
    expect(methodText(t, 'link')).toBe('e-mail link');
    expect(methodText(t, 'BACK_OFFICE')).toBe('BACK_OFFICE');
    expect(methodText(t, null)).toBeNull();
  });
});

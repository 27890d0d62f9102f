import type { TFunction } from 'i18next';

/**
 * How an actor signed in, as the log keeps it (`password`, `bankid`, `password+otp`, `link`, …),
 * in words. An unknown method stays as the server wrote it.
 */
export function methodText(t: TFunction, method: string | null): string | null {
  if (!method) return null;
  const [base = method, ...rest] = method.split('+');
  const name = t(`audit.methods.${base}`, { defaultValue: base });
  return rest.includes('otp') ? t('audit.withSecondFactor', { method: name }) : name;
}

import { dictionary } from '@zxcvbn-ts/language-common';
import { AppError } from '../../lib/errors.ts';

/**
 * Staff passwords (issue 16): 12 to 128 characters (the contract checks the length) and none of
 * the ~49 000 most common passwords of zxcvbn-ts's list (case ignored), nor the admin's own
 * e-mail. Length over composition rules, as NIST SP 800-63B advises.
 */
const common = new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));

export function assertStaffPasswordAllowed(password: string, email: string): void {
  const lower = password.toLowerCase();
  const local = email.toLowerCase().split('@')[0] ?? '';
  if (common.has(lower) || lower === email.toLowerCase() || (local.length >= 4 && lower.includes(local)) || /^(.)\1+$/.test(lower)) {
    throw new AppError('PASSWORD_TOO_COMMON', { data: { issues: [{ path: 'password', message: 'PASSWORD_TOO_COMMON' }] } });
  }
}

import type { CustomerIdentity } from '@gridline/contracts/identity';
import type { AuthRepository } from './repository.ts';

/** Whom an identity belongs to: a user here, a customer the provider knows without an account yet, or nobody. */
export type ResolvedIdentity =
  | { kind: 'user'; userId: string; email: string | null; phoneNumber: string | null; firstName: string; language: string | null }
  | { kind: 'provider'; providerCustomerId: string; email: string | null; phoneNumber: string | null; firstName: string; language: string | null };

/** `personalNumber:198112189876`: how a process remembers whom it is about. */
export const identityKey = (identity: CustomerIdentity) => `${identity.kind}:${identity.value}`;

export function parseIdentityKey(key: string | null): CustomerIdentity | null {
  const match = /^(personalNumber|organisationNumber|customerNumber):(.+)$/.exec(key ?? '');
  return match ? { kind: match[1] as CustomerIdentity['kind'], value: match[2] as string } : null;
}

/**
 * Finds who signs in: by personal number the user with it; by customer or organisation number
 * the owner of that account; failing that, the provider's customer register (a prospect).
 */
export async function resolveIdentity(repository: AuthRepository, organisationId: string, identity: CustomerIdentity): Promise<ResolvedIdentity | null> {
  const user =
    identity.kind === 'personalNumber'
      ? await repository.findUserByPersonalId(organisationId, identity.value)
      : await repository.findAccountOwner(organisationId, identity.kind, identity.value);
  if (user) return { kind: 'user', userId: user.id, email: user.email, phoneNumber: user.phone_number, firstName: user.first_name, language: user.language };
  const customer = await repository.findProviderCustomer(organisationId, identity.kind, identity.value);
  if (customer) {
    return { kind: 'provider', providerCustomerId: customer.id, email: customer.email, phoneNumber: customer.phone_number, firstName: customer.first_name, language: customer.language };
  }
  return null;
}

/** `+46701234567` → `+46 70•••••67`: enough to recognise one's own number, not to learn it. */
export function maskPhoneNumber(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.length < 6) return '•••';
  const match = /^\+(358|354|\d{2})/.exec(digits);
  const code = match ? `+${match[1]}` : '';
  const rest = digits.slice(code.length);
  return `${code ? `${code} ` : ''}${rest.slice(0, 2)}${'•'.repeat(Math.max(1, rest.length - 4))}${rest.slice(-2)}`;
}

/** `anna-karin.lindqvist@example.com` → `a•••@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

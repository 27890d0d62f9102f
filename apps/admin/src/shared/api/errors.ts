import type { TFunction } from 'i18next';
import { isApiError } from '@gridline/client/errors';

/**
 * What a person reads for a failed call: the back office's own text for the key where a
 * customer's wording would mislead staff (`admin:errors`), else the platform's (`shared:errors`,
 * the portal's), else a general one.
 */
export function errorMessage(t: TFunction, error: unknown): string {
  const key = isApiError(error) ? error.key : 'unknownError';
  return t([`admin:errors.${key}`, `shared:errors.${key}`, 'shared:errors.unknownError']);
}

/** The request id to quote to support, when the server gave one. */
export function errorUid(error: unknown): string | null {
  return isApiError(error) && error.uid ? error.uid : null;
}

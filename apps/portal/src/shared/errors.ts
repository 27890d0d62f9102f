import { isApiError } from '@gridline/client/errors';
import type { i18n as I18n } from 'i18next';

/** The API error key of a failure, or `null` for anything that is not an API error. */
export function errorKey(error: unknown): string | null {
  return isApiError(error) ? error.key : null;
}

/**
 * The text for a failure (spec 000 §8): `errors.<key>` from the shared copy texts, the server's
 * own message for the key MessageText, and the generic text for an unknown key.
 */
export function errorText(error: unknown, i18n: I18n): string {
  const key = errorKey(error);
  if (key === 'MessageText' && error instanceof Error && error.message) return error.message;
  if (key !== null && i18n.exists(`errors.${key}`, { ns: 'shared' })) {
    return i18n.t(`errors.${key}`, { ns: 'shared' });
  }
  return i18n.t('errors.generic', { ns: 'shared' });
}

import type { TFunction } from 'i18next';
import { isApiError } from '@gridline/client/errors';

/** What a person reads for a failed call: the error key's text (the platform's copy), or a general one. */
export function errorMessage(t: TFunction, error: unknown): string {
  const key = isApiError(error) ? error.key : 'unknownError';
  return t(`shared:errors.${key}`, { defaultValue: t('shared:errors.unknownError') });
}

/** The request id to quote to support, when the server gave one. */
export function errorUid(error: unknown): string | null {
  return isApiError(error) && error.uid ? error.uid : null;
}

/**
 * The server's error keys, each with its HTTP status and an internal message. The web apps
 * translate the key (`errors.<key>`); the message is for logs and API clients.
 */
export const errorCatalogue = {
  VALIDATION_FAILED: { status: 400, message: 'The request is not valid' },
  INVALID_DATE_KEY: { status: 400, message: 'The date key is not a real period (2025, 2025-03, 2025-W13, 2025-03-30)' },
  MALFORMED_ID: { status: 400, message: 'An identifier is not 24 hexadecimal characters' },
  UNKNOWN_PRICE_ZONE: { status: 400, message: 'Not a price zone (SE1–SE4, NO1–NO5, FI, AT)' },
  INVALID_DATE: { status: 400, message: 'Not a date (YYYY-MM-DD) or an instant with an offset (2025-10-26T00:00:00Z)' },
  INVALID_DATE_RANGE: { status: 400, message: 'The end of the range is not after its start' },
  DATE_RANGE_TOO_LONG: { status: 400, message: 'The range is longer than this resolution allows' },
  INVALID_TIME_ZONE: { status: 400, message: 'Not an IANA time zone (Europe/Stockholm)' },
  INVALID_EXPORT_PERIOD: { status: 400, message: 'Only a year, month, week or day can be exported' },
  INVALID_EXPORT_RESOLUTION: { status: 400, message: 'That resolution cannot be exported for this period or service' },
  MISSING_EXCHANGE_RATE: { status: 404, message: 'No exchange rate is known on or before that day' },
  UNKNOWN_ORGANISATION: { status: 404, message: 'No such organisation' },
  NOT_FOUND: { status: 404, message: 'Not found' },
  MISSING_ACCOUNT_ID: { status: 404, message: 'Missing accountId' },
  MISSING_USER_ID: { status: 404, message: 'Missing userId' },
  MISSING_TOKEN: { status: 404, message: 'Missing token' },
  MISSING_INVOICE_FILE: { status: 404, message: 'The invoice has no document' },
  MISSING_USER: { status: 404, message: 'The user does not have any accounts' },
  USER_NOT_FOUND: { status: 401, message: 'No account with that username' },
  WRONG_PASSWORD: { status: 401, message: 'The password is wrong' },
  SIGN_IN_METHOD_DISABLED: { status: 400, message: 'The organisation does not offer this sign-in method' },
  LANGUAGE_NOT_OFFERED: { status: 400, message: 'The organisation does not offer this language' },
  AUTH_REF_NOT_FOUND: { status: 404, message: 'No sign-in with that ref' },
  AUTH_REF_USED: { status: 401, message: 'That sign-in has already been exchanged for tokens' },
  UNAUTHORIZED: { status: 401, message: 'Sign-in is required' },
  INVALID_TOKEN: { status: 401, message: 'Invalid token' },
  TOKEN_EXPIRED: { status: 401, message: 'Token has expired' },
  REFRESH_TOKEN_INVALID: { status: 401, message: 'The refresh token is not valid' },
  REFRESH_TOKEN_REUSED: { status: 401, message: 'The refresh token was already used; the session is revoked' },
  FORBIDDEN: { status: 403, message: 'Not allowed' },
  INQUIRY_TRANSITION_NOT_ALLOWED: { status: 409, message: 'The inquiry cannot go from its status to that one (pending → accepted or rejected, accepted → rejected; rejected is final)' },
  TOO_MANY_ATTEMPTS: { status: 429, message: 'Too many sign-in attempts; wait and try again' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests from this address; wait and try again' },
  INTERNAL_ERROR: { status: 500, message: 'Something went wrong' },
} as const;

export type ErrorKey = keyof typeof errorCatalogue;

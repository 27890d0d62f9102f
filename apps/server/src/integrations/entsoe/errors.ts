/** Base of every error the ENTSO-E integration throws, so callers can catch the whole family. */
export class EntsoeError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The answer is not a document we understand; retrying will not help. */
export class EntsoeFormatError extends EntsoeError {}

/**
 * ENTSO-E refused the request: an Acknowledgement whose reason is not "No matching data found"
 * (for example "Delivered Area EIC … is not valid"), whatever the HTTP status. Asking again
 * the same way will not help; someone must look at the request or the configuration.
 */
export class EntsoeAcknowledgementError extends EntsoeError {
  readonly code: string;
  readonly reason: string;

  constructor(code: string, reason: string) {
    super(`ENTSO-E rejected the request (reason ${code}): ${reason}`);
    this.code = code;
    this.reason = reason;
  }
}

/** A non-200 HTTP answer. `bodyExcerpt` is short and never contains the security token. */
export class EntsoeHttpError extends EntsoeError {
  readonly status: number;
  readonly bodyExcerpt: string;

  constructor(status: number, bodyExcerpt: string, message = `ENTSO-E answered HTTP ${status}${bodyExcerpt ? `: ${bodyExcerpt}` : ''}`) {
    super(message);
    this.status = status;
    this.bodyExcerpt = bodyExcerpt;
  }
}

/** 401/403: the security token is missing, wrong or revoked. */
export class EntsoeAuthError extends EntsoeHttpError {}

/** 429: past 400 requests a minute per token; ENTSO-E then bans the token for about ten minutes. */
export class EntsoeRateLimitError extends EntsoeHttpError {
  /** Seconds to wait, from the Retry-After header; null when the answer did not say. */
  readonly retryAfterSeconds: number | null;

  constructor(retryAfterSeconds: number | null, bodyExcerpt: string) {
    super(429, bodyExcerpt, `ENTSO-E rate limit reached (HTTP 429)${retryAfterSeconds === null ? '' : `; retry after ${retryAfterSeconds} s`}`);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** No answer within the client's timeout. */
export class EntsoeTimeoutError extends EntsoeError {}

/** The request never got an HTTP answer (DNS, connection refused, reset …). */
export class EntsoeNetworkError extends EntsoeError {}

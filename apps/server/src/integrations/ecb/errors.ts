/** Base of every error the ECB integration throws, so callers can catch the whole family. */
export class EcbError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The answer is not the CSV we asked for, or a row in it is not a reference rate we understand. */
export class EcbFormatError extends EcbError {}

/** A non-200 HTTP answer, other than a 404 "No results found" (which means no rates, not an error). */
export class EcbHttpError extends EcbError {
  readonly status: number;
  readonly bodyExcerpt: string;

  constructor(status: number, bodyExcerpt: string) {
    super(`ECB Data Portal answered HTTP ${status}${bodyExcerpt ? `: ${bodyExcerpt}` : ''}`);
    this.status = status;
    this.bodyExcerpt = bodyExcerpt;
  }
}

/** No answer within the client's timeout. */
export class EcbTimeoutError extends EcbError {}

/** The request never got an HTTP answer (DNS, connection refused, reset …). */
export class EcbNetworkError extends EcbError {}

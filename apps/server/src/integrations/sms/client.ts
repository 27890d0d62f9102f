/**
 * Sends text messages through 46elks (Sweden), a public Nordic SMS HTTP API: `POST {base}/sms`
 * with HTTP Basic authentication (API username and password) and a form body `from`, `to`
 * (E.164) and `message`; the answer is the created message as JSON (`id`, `status`, `parts`,
 * `cost`, …); a refused request answers 401 or 403 with a plain-text reason. It talks to
 * whatever `baseUrl` says; the simulator is chosen by configuration, not here.
 */

export interface SmsGateway {
  send(message: { to: string; text: string }): Promise<{ id: string }>;
}

export interface ElksClientOptions {
  /** `https://api.46elks.com/a1` in production. */
  baseUrl: string;
  username: string;
  password: string;
  /** The sender shown on the phone: up to 11 letters and digits, starting with a letter, or a phone number. */
  from: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export class SmsError extends Error {
  readonly status: number;
  constructor(status: number, reason: string) {
    super(`SMS gateway ${status}: ${reason}`);
    this.name = 'SmsError';
    this.status = status;
  }
}

/** A sender name 46elks accepts: 3–11 letters and digits starting with a letter, or an E.164 number. */
export const isValidSender = (from: string) => /^[A-Za-z][A-Za-z0-9]{2,10}$/.test(from) || /^\+[1-9]\d{6,14}$/.test(from);

/** An E.164 number (`+46701234567`): what the gateway takes as recipient. */
export const isE164 = (to: string) => /^\+[1-9]\d{6,14}$/.test(to);

export class ElksSmsClient implements SmsGateway {
  readonly #url: URL;
  readonly #authorization: string;
  readonly #from: string;
  readonly #fetch: typeof fetch;
  readonly #timeoutMs: number;

  constructor(options: ElksClientOptions) {
    this.#url = new URL(`${options.baseUrl.replace(/\/$/, '')}/sms`);
    this.#authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
    if (!isValidSender(options.from)) throw new TypeError(`Not a sender 46elks accepts: ${options.from}`);
    this.#from = options.from;
    const fetchFunction = options.fetch ?? globalThis.fetch;
    this.#fetch = (input, init) => fetchFunction(input, init);
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  async send({ to, text }: { to: string; text: string }): Promise<{ id: string }> {
    if (!isE164(to)) throw new SmsError(400, `not an E.164 number: ${to}`);
    let response: Response;
    try {
      response = await this.#fetch(this.#url, {
        method: 'POST',
        headers: { authorization: this.#authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ from: this.#from, to, message: text }).toString(),
        signal: AbortSignal.timeout(this.#timeoutMs),
      });
    } catch (error) {
      throw new SmsError(0, error instanceof Error ? error.message : String(error));
    }
    const body = await response.text();
    if (!response.ok) throw new SmsError(response.status, body.slice(0, 200));
    let json: { id?: unknown; status?: unknown };
    try {
      json = JSON.parse(body) as typeof json;
    } catch {
      throw new SmsError(response.status, `unreadable answer: ${body.slice(0, 100)}`);
    }
    if (typeof json.id !== 'string') throw new SmsError(response.status, 'the answer has no message id');
    return { id: json.id };
  }
}

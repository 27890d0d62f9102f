import https from 'node:https';

/**
 * Client of the BankID Relying Party API v6.0 (`/auth`, `/collect`, `/cancel`): JSON POSTs over
 * mutual TLS, the relying party presenting its client certificate (a .p12 from its bank, or a
 * PEM pair) and trusting only BankID's own CA. It talks to whatever `baseUrl` says; the
 * simulator is chosen by configuration, not here.
 */

export interface BankIdTls {
  /** The relying party's certificate as PKCS#12 (`FPTestcert5_20240610.p12` in the test system)… */
  pfx?: Buffer;
  passphrase?: string;
  /** …or as a PEM certificate and key. */
  cert?: string;
  key?: string;
  /** BankID's CA (PEM): the only issuer the server's certificate may have. */
  ca: string;
}

export interface BankIdClientOptions {
  /** `https://appapi2.bankid.com/rp/v6.0` in production, `https://appapi2.test.bankid.com/rp/v6.0` in test. */
  baseUrl: string;
  tls: BankIdTls;
  /** Per call. Default 10 s. */
  timeoutMs?: number;
}

export interface AuthRequest {
  endUserIp: string;
  requirement?: { pinCode?: boolean; mrtd?: boolean; cardReader?: 'class1' | 'class2'; certificatePolicies?: string[]; personalNumber?: string };
  userVisibleData?: string;
  userVisibleDataFormat?: 'simpleMarkdownV1' | 'plaintext';
  userNonVisibleData?: string;
  returnUrl?: string;
  returnRisk?: boolean;
}

export interface AuthResponse {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
}

export const pendingHintCodes = ['outstandingTransaction', 'noClient', 'started', 'userMrtd', 'userCallConfirm', 'userSign'] as const;
export const failedHintCodes = [
  'expiredTransaction', 'certificateErr', 'userCancel', 'cancelled', 'startFailed', 'userDeclinedCall', 'notSupportedByUserApp', 'transactionRiskBlocked',
] as const;

export interface CompletionData {
  user: { personalNumber: string; name: string; givenName: string; surname: string };
  device: { ipAddress: string; uhi?: string };
  bankIdIssueDate: string;
  stepUp?: { mrtd: boolean };
  signature: string;
  ocspResponse: string;
  risk?: string;
}

/** Unknown hint codes are kept as they come (BankID may add some); the caller handles them generically. */
export type CollectResponse =
  | { orderRef: string; status: 'pending'; hintCode: string }
  | { orderRef: string; status: 'failed'; hintCode: string }
  | { orderRef: string; status: 'complete'; completionData: CompletionData };

/** An error answer of the RP API (`{ errorCode, details }`), or a failure to reach it (`status` 0). */
export class BankIdError extends Error {
  readonly status: number;
  readonly errorCode: string;
  readonly details: string;
  constructor(status: number, errorCode: string, details: string) {
    super(`BankID ${status} ${errorCode}${details ? `: ${details}` : ''}`);
    this.name = 'BankIdError';
    this.status = status;
    this.errorCode = errorCode;
    this.details = details;
  }
}

export class BankIdClient {
  readonly #base: URL;
  readonly #agent: https.Agent;
  readonly #timeoutMs: number;

  constructor(options: BankIdClientOptions) {
    this.#base = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : `${options.baseUrl}/`);
    if (this.#base.protocol !== 'https:') throw new TypeError('BankID is only spoken over HTTPS');
    const { tls } = options;
    if (!tls.pfx && !(tls.cert && tls.key)) throw new TypeError('BankIdClient needs a client certificate (pfx, or cert and key)');
    this.#agent = new https.Agent({
      keepAlive: true,
      ca: tls.ca,
      ...(tls.pfx ? { pfx: tls.pfx, passphrase: tls.passphrase } : { cert: tls.cert, key: tls.key }),
      rejectUnauthorized: true,
    });
    this.#timeoutMs = options.timeoutMs ?? 10_000;
  }

  auth(request: AuthRequest): Promise<AuthResponse> {
    return this.#post<AuthResponse>('auth', request);
  }

  collect(orderRef: string): Promise<CollectResponse> {
    return this.#post<CollectResponse>('collect', { orderRef });
  }

  async cancel(orderRef: string): Promise<void> {
    await this.#post<Record<string, never>>('cancel', { orderRef });
  }

  close(): void {
    this.#agent.destroy();
  }

  #post<T>(method: string, body: unknown): Promise<T> {
    const url = new URL(method, this.#base);
    const payload = Buffer.from(JSON.stringify(body));
    return new Promise<T>((resolve, reject) => {
      const request = https.request(
        url,
        {
          method: 'POST',
          agent: this.#agent,
          headers: { 'content-type': 'application/json', 'content-length': payload.length, accept: 'application/json' },
          timeout: this.#timeoutMs,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('error', (error) => reject(new BankIdError(0, 'networkError', error.message)));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = text ? JSON.parse(text) : {};
            } catch {
              reject(new BankIdError(response.statusCode ?? 0, 'unreadableAnswer', text.slice(0, 200)));
              return;
            }
            const status = response.statusCode ?? 0;
            if (status === 200) {
              resolve(json as T);
              return;
            }
            const error = json as { errorCode?: unknown; details?: unknown };
            reject(new BankIdError(status, typeof error.errorCode === 'string' ? error.errorCode : `http${status}`, typeof error.details === 'string' ? error.details : ''));
          });
        },
      );
      request.on('timeout', () => request.destroy(new Error('timed out')));
      request.on('error', (error) => reject(error instanceof BankIdError ? error : new BankIdError(0, 'networkError', error.message)));
      request.end(payload);
    });
  }
}

import { AccessTokenResponse, AuthProcess, ProspectState, prospectFailedStatuses, prospectReadyStatuses, ShortAccessToken } from '@gridline/contracts/auth';
import type { AuthCallbackRequest, AuthRecord, LoginRequest } from '@gridline/contracts/auth';
import type { SignInType } from '@gridline/contracts/enums';
import type { Currency, Language } from '@gridline/contracts/enums';
import { ExportUrl } from '@gridline/contracts/exports';
import type { ExportFormat, ExportPeriod, ExportResolution } from '@gridline/contracts/exports';
import { Agreement } from '@gridline/contracts/agreements';
import { Disruption } from '@gridline/contracts/disruptions';
import type { DisruptionTarget } from '@gridline/contracts/disruptions';
import { ThirdPartyDataInquiry } from '@gridline/contracts/inquiries';
import type { InquiryStatus } from '@gridline/contracts/inquiries';
import { Invoice } from '@gridline/contracts/invoices';
import type { InvoiceSortField, SortOrder } from '@gridline/contracts/invoices';
import { Location } from '@gridline/contracts/locations';
import { Distribution, MeasurementNode, ServicesData } from '@gridline/contracts/measurements';
import type { HomeExtrasUpdate } from '@gridline/contracts/home';
import { SpotPriceAverage, SpotPriceSeries } from '@gridline/contracts/prices';
import type { SpotPriceResolution } from '@gridline/contracts/prices';
import { PublicRelease } from '@gridline/contracts/settings';
import { Me, User } from '@gridline/contracts/users';
import {
  ApiError,
  missingAccountIdError,
  missingTokenError,
  missingUserError,
  parseError,
  timeoutError,
} from './errors.ts';
import { buildUrl, newRequestId, sendRequest } from './http.ts';
import type { HttpConfig, HttpMethod, HttpResult, Paged, Query, Schema } from './http.ts';
import { defaultSleep, pollWithTimeout, SIGN_IN_POLL_INTERVAL_MS, SIGN_IN_TIMEOUT_MS } from './poll.ts';
import { RequestLimiter } from './rate-limit.ts';
import { activeAuth, needsRefresh } from './session.ts';
import type { SessionStore } from './session.ts';

export type { Paged, Query, Schema, HttpMethod } from './http.ts';

export interface ApiClientOptions {
  /** Origin (and optional prefix) of the API, e.g. `https://api.example.com`; `''` for same origin. */
  baseUrl: string;
  /** The organisation slug used in `/v4/{organisation}/…` paths and sign-in bodies. */
  organisation: string;
  /** Sent as `x-version`. */
  version: string;
  store: SessionStore;
  fetch?: typeof fetch;
  /** Clock in milliseconds; `Date.now` unless given. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /**
   * Called once when the session is refused (401 on an authenticated call, or a refused
   * refresh); the store has been cleared by then. Called again only after a new sign-in.
   */
  onSignOut?: (error: ApiError) => void;
  /** Called for every error with status >= 500 (including no connection and unreadable answers). */
  onFatal?: (error: ApiError) => void;
}

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Query;
  body?: unknown;
  /** Zod schema (or anything with `safeParse`) of the envelope's `data`. */
  schema?: Schema<T>;
  /** Send the bearer of the active auth, renewing it first when due. Default `true`. */
  auth?: boolean;
  headers?: Record<string, string>;
}

export interface PasswordCredentials {
  username: string;
  password: string;
}

/** A sign-in's first step, without the organisation (the client adds its own). */
export type SignInStart = Omit<LoginRequest, 'organisation'>;

export interface AuthorizeOptions {
  /** Called with every status the poll answers (BankID hint codes, the QR address, …). */
  onProgress?: (process: AuthProcess) => void;
  /** Stops polling: the promise rejects with key `aborted`. */
  signal?: AbortSignal;
}

export type InvoiceProvider = Invoice['invoice']['provider'];
export type CopyGroups = Record<string, Record<string, unknown>>;

/** The contact details a customer may change (spec 000 §7 "update user"). */
export interface ContactChanges {
  email?: string;
  phoneNumber?: string;
  /** Needed unless the person signed in within the last 10 minutes (REAUTHENTICATION_REQUIRED). */
  currentPassword?: string;
}

export interface PagingOptions {
  limit?: number;
  page?: number;
}

/** An invoice list's order; without it the server sorts by due date, newest first. */
export interface InvoiceListOptions extends PagingOptions {
  sort?: InvoiceSortField;
  order?: SortOrder;
}

/** A spot price read: days (`2025-10-26`, local, end included) or instants with an offset (end excluded). */
export interface SpotPriceOptions {
  startDate?: string;
  endDate?: string;
  /** IANA zone of the local days and hours; the organisation's when left out. */
  timeZone?: string;
  /** The organisation's currency when left out. */
  currency?: Currency;
}

export interface ExportOptions {
  format: ExportFormat;
  /** The unit of the date key when left out; `total` cannot be exported. */
  period?: ExportPeriod;
  resolution?: ExportResolution;
}

/** The location data reads: `years` is the last five years (`data/year/`), the others a period by its key. */
export type LocationDataPeriod = 'years' | 'year' | 'month' | 'week' | 'day';

export interface LocationDataOptions {
  /** The location's consumption service when left out. */
  serviceId?: string;
  /** Temperature, cloud cover, degree days, CO2 and spot price per period; the server's default is true. */
  addRelated?: boolean;
}

/** What a month's distribution by part of day measures: kWh (m3), money or grams of CO2. */
export type DistributionType = 'consumption' | 'cost' | 'environment';

export interface SessionAccessors {
  isSignedIn(): boolean;
  getAuths(): AuthRecord[];
  /** The account id of the active auth (the stored choice when it matches an auth, else the first). */
  getActiveAccountId(): string | null;
  getActiveAuth(): AuthRecord | null;
  /** The current `x-session` value. */
  getSessionId(): string;
}

export interface ApiClient {
  readonly baseUrl: string;
  readonly organisation: string;
  request<T = unknown>(path: string, options: RequestOptions<T> & { paged: true }): Promise<Paged<T>>;
  request<T = unknown>(path: string, options?: RequestOptions<T> & { paged?: false }): Promise<T>;
  request<T = unknown>(path: string, options?: RequestOptions<T> & { paged?: boolean }): Promise<T | Paged<T>>;
  session: SessionAccessors;
  signInWithPassword(credentials: PasswordCredentials): Promise<AuthRecord[]>;
  /**
   * Polls a sign-in every 500 ms until it is done (spec 000 §4.1), then exchanges the ref for
   * tokens, waiting (every 200 ms, up to 10 minutes) while a new customer's account is created.
   */
  authorizeWithRef(ref: string, options?: AuthorizeOptions): Promise<AuthRecord[]>;
  /** `POST /v3/auth/`: starts a sign-in of any method; answers the process (ref, status, …). */
  startSignIn(start: SignInStart): Promise<AuthProcess>;
  /** `POST /v3/auth/{type}/callback`: the PIN, or the OpenID provider's answer. */
  signInCallback(type: SignInType, body: Omit<AuthCallbackRequest, 'organisation'>): Promise<AuthProcess>;
  /** `POST /v3/auth/cancel`: gives up a sign-in under way. Best effort. */
  cancelSignIn(ref: string): Promise<void>;
  signOut(): Promise<void>;
  shortAccessToken(): Promise<string>;
  invoiceDocumentUrl(accountId: string | null | undefined, provider: InvoiceProvider): Promise<string>;
  /** The organisation's latest public release: identity, theme, flags and public configuration. */
  getRelease(): Promise<PublicRelease>;
  getCopy(language: Language, types: string[]): Promise<CopyGroups>;
  getUser(): Promise<User>;
  setActiveAccount(accountId: string | null | undefined): Promise<User>;
  /** Save the user's interface language (one the organisation offers); answers the user. */
  setLanguage(language: Language): Promise<User>;
  /** Change the signed-in user's e-mail and/or phone number (`PUT …/users/{id}`); answers the user. */
  updateUser(userId: string, changes: ContactChanges): Promise<User>;
  /** Set the signed-in user's password (`PUT …/users/{id}` with `newPassword`); answers the user. */
  resetPassword(userId: string, newPassword: string): Promise<User>;
  /** One visible location of an account (`GET …/locations/accounts/{accountId}/location?id`). */
  getLocation(accountId: string | null | undefined, locationId: string): Promise<Location>;
  /** Change a location's home details (`PATCH …/locations/accounts/{accountId}/location?id`); answers the location. */
  updateLocationExtras(accountId: string | null | undefined, locationId: string, extras: HomeExtrasUpdate): Promise<Location>;
  getMe(accountId: string | null | undefined): Promise<Me>;
  getAccountLocations(accountId: string | null | undefined): Promise<Location[]>;
  getInvoices(accountId: string | null | undefined, paging?: InvoiceListOptions): Promise<Paged<Invoice[]>>;
  /** The location's agreements, the supplier's first. */
  getAgreements(locationId: string): Promise<Agreement[]>;
  /** Third-party data inquiries about the location's services, newest first. */
  getInquiries(locationId: string): Promise<ThirdPartyDataInquiry[]>;
  /** Answer an inquiry (pending → accepted/rejected, accepted → rejected); answers the updated list. */
  updateInquiry(locationId: string, inquiryId: string, status: InquiryStatus): Promise<ThirdPartyDataInquiry[]>;
  /** A zone's spot prices per quarter-hour, hour or local day, per kWh excluding VAT (public). */
  getSpotPrices(zone: string, resolution: SpotPriceResolution, options?: SpotPriceOptions): Promise<SpotPriceSeries>;
  /** A zone's mean spot price over a range (public). */
  getSpotPriceAverage(zone: string, options?: SpotPriceOptions): Promise<SpotPriceAverage>;
  /** A URL (valid 60 s) that downloads a CSV or XLSX export of a service's readings; open it in a new window. */
  getExportUrl(locationId: string, serviceId: string | undefined, dateKey: string, options: ExportOptions): Promise<string>;
  /** The disruption in force for a channel (`mypages` for the portal), or null (public). */
  getActiveDisruption(channel: DisruptionTarget): Promise<Disruption | null>;
  /** A period of a service as the measurement node with a child per sub-period (`GET …/locations/{id}/data/{period}/{key}`). */
  getLocationData(locationId: string, period: LocationDataPeriod, key: string | null, options?: LocationDataOptions): Promise<MeasurementNode>;
  /** Readings as metered in [start, end), e.g. the four quarters of an hour (`GET …/data/hour`); instants with an offset. */
  getHourData(locationId: string, start: string, end: string, serviceId?: string): Promise<MeasurementNode>;
  /** A month (`YYYY-MM`) by part of the local day (`GET …/data/distribution/{month}`). */
  getDistribution(locationId: string, month: string, type: DistributionType, serviceId?: string): Promise<Distribution>;
  /** The location's services with 12 months of history and the current month (`GET …/services-data`). */
  getServicesData(locationId: string, month?: string): Promise<ServicesData>;
}

/** Pause between token exchanges while the account is still being created (409). */
export const ACCOUNT_PENDING_RETRY_MS = 200;
/** How long to keep retrying a 409 exchange. */
export const ACCOUNT_PENDING_TIMEOUT_MS = 600_000;

const CopyGroupsSchema: Schema<CopyGroups> = {
  safeParse(data) {
    const isRecord = (v: unknown): v is Record<string, unknown> =>
      typeof v === 'object' && v !== null && !Array.isArray(v);
    if (isRecord(data) && Object.values(data).every(isRecord)) {
      return { success: true, data: data as CopyGroups };
    }
    return { success: false, error: new Error('Copy is not an object of groups') };
  },
};

const ShortAccessTokenAnswer = ShortAccessToken.partial();
const Locations = Location.array();
const Invoices = Invoice.array();
const Agreements = Agreement.array();
const Inquiries = ThirdPartyDataInquiry.array();

interface CallOptions<T> extends RequestOptions<T> {
  paged?: boolean;
  /** Neither onSignOut nor onFatal (best-effort calls such as sign-out). */
  silent?: boolean;
  rateLimit?: boolean;
}

export const createApiClient = (options: ApiClientOptions): ApiClient => {
  const { baseUrl, organisation, version, store, onSignOut, onFatal } = options;
  const fetchFn: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const sleep = options.sleep ?? defaultSleep;
  const nowSeconds = (): number => Math.floor(now() / 1000);
  const org = `/v4/${encodeURIComponent(organisation)}`;
  const accessTokenPath = `${org}/account/sessions/accessToken`;

  let sessionId = newRequestId();
  /** onSignOut has been called for the current session; reset when a new one starts. */
  let signOutNotified = false;
  /** While > 0 (during signOut) no onSignOut is called. */
  let quiet = 0;
  const refreshing = new Map<string, Promise<AuthRecord>>();

  const http: HttpConfig = {
    baseUrl,
    version,
    fetch: fetchFn,
    limiter: new RequestLimiter(50, 10_000, now),
    sessionId: () => sessionId,
  };

  const report = (callback: ((e: ApiError) => void) | undefined, error: ApiError): void => {
    if (!callback) return;
    try {
      callback(error);
    } catch (callbackError) {
      console.error(callbackError);
    }
  };

  const notifySignOut = (error: ApiError): void => {
    if (signOutNotified || quiet > 0) return;
    signOutNotified = true;
    report(onSignOut, error);
  };

  const startSession = (auths: AuthRecord[]): void => {
    store.set({ auths, activeAccountId: auths[0]?.accountId ?? null });
    sessionId = newRequestId();
    signOutNotified = false;
  };

  const doRefresh = async (auth: AuthRecord): Promise<AuthRecord> => {
    try {
      if (!auth.refreshToken) {
        throw new ApiError({ status: 401, key: 'REFRESH_TOKEN_INVALID', message: 'There is no refresh token' });
      }
      const { data } = await call(accessTokenPath, {
        query: { refreshToken: auth.refreshToken },
        schema: AccessTokenResponse,
        auth: false,
        silent: quiet > 0,
      });
      const renewed = data.auths[0];
      if (!renewed) throw parseError('');
      const state = store.get();
      if (state) {
        store.set({ ...state, auths: state.auths.map((a) => (a.accountId === auth.accountId ? renewed : a)) });
      }
      return renewed;
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 500;
      console.warn(`Could not refresh token: ${status}`);
      if (error instanceof ApiError && error.status === 401) {
        store.set(null);
        notifySignOut(error);
      }
      throw error;
    }
  };

  /** The active auth, renewed first when due; concurrent callers share one renewal. */
  const freshAuth = async (): Promise<AuthRecord | null> => {
    const auth = activeAuth(store.get());
    if (!auth) return null;
    if (!needsRefresh(auth, nowSeconds())) return auth;
    let pending = refreshing.get(auth.accountId);
    if (!pending) {
      pending = doRefresh(auth).finally(() => refreshing.delete(auth.accountId));
      refreshing.set(auth.accountId, pending);
    }
    return pending;
  };

  async function call<T>(path: string, opts: CallOptions<T> = {}): Promise<HttpResult<T>> {
    const authenticated = opts.auth !== false;
    const auth = authenticated ? await freshAuth() : null;
    try {
      return await sendRequest<T>(http, {
        method: opts.method ?? 'GET',
        path,
        query: opts.query,
        body: opts.body,
        schema: opts.schema,
        paged: opts.paged,
        accessToken: auth?.accessToken ?? null,
        headers: opts.headers,
        rateLimit: opts.rateLimit,
      });
    } catch (error) {
      if (error instanceof ApiError && !opts.silent) {
        if (error.signOut && authenticated) {
          // The session was refused: forget it (unless a new sign-in replaced it meanwhile).
          if (auth && activeAuth(store.get())?.accessToken === auth.accessToken) store.set(null);
          notifySignOut(error);
        }
        if (error.fatal) report(onFatal, error);
      }
      throw error;
    }
  }

  function request<T = unknown>(path: string, options: RequestOptions<T> & { paged: true }): Promise<Paged<T>>;
  function request<T = unknown>(path: string, options?: RequestOptions<T> & { paged?: false }): Promise<T>;
  function request<T = unknown>(
    path: string,
    options?: RequestOptions<T> & { paged?: boolean },
  ): Promise<T | Paged<T>>;
  async function request<T = unknown>(
    path: string,
    options: RequestOptions<T> & { paged?: boolean } = {},
  ): Promise<T | Paged<T>> {
    const result = await call<T>(path, options);
    if (!options.paged) return result.data;
    if (!result.pagination) throw parseError('');
    return { data: result.data, pagination: result.pagination };
  }

  const requireAccountId = (accountId: string | null | undefined): string => {
    if (!accountId) throw missingAccountIdError();
    return encodeURIComponent(accountId);
  };

  /**
   * Exchanges a finished sign-in for tokens. While the account is being created (409), polls the
   * account prospect the answer names every 200 ms until it is ready, then asks again; without a
   * prospect it asks again every 200 ms. Up to 10 minutes in all.
   */
  const exchangeRef = async (ref: string): Promise<AuthRecord[]> => {
    const started = now();
    const wait = async (uid: string) => {
      if (now() + ACCOUNT_PENDING_RETRY_MS - started > ACCOUNT_PENDING_TIMEOUT_MS) {
        throw timeoutError('The account was not ready in time', uid);
      }
      await sleep(ACCOUNT_PENDING_RETRY_MS);
    };
    for (;;) {
      try {
        const { data } = await call(accessTokenPath, {
          query: { ref },
          schema: AccessTokenResponse,
          auth: false,
          rateLimit: false,
        });
        return data.auths;
      } catch (error) {
        if (!(error instanceof ApiError) || error.status !== 409) throw error;
        const prospect = (error.data as { prospect?: unknown } | undefined)?.prospect;
        if (typeof prospect !== 'string') {
          await wait(error.uid);
          continue;
        }
        for (;;) {
          await wait(error.uid);
          const { data: state } = await call(accessTokenPath, {
            query: { prospect, organisation },
            schema: ProspectState,
            auth: false,
            rateLimit: false,
          });
          if (prospectFailedStatuses.includes(state.status)) {
            throw new ApiError({ status: 404, key: 'ACCOUNT_CREATION_FAILED', message: `The account could not be created (${state.status})`, data: state });
          }
          if (prospectReadyStatuses.includes(state.status)) break;
        }
      }
    }
  };

  const abortedError = () => new ApiError({ status: 400, key: 'aborted', message: 'The sign-in was aborted' });

  const authorizeWithRef = async (ref: string, options: AuthorizeOptions = {}): Promise<AuthRecord[]> => {
    const { onProgress, signal } = options;
    const process = await pollWithTimeout(
      async () => {
        if (signal?.aborted) throw abortedError();
        const { data } = await call(`/v3/auth/`, { query: { ref, organisation }, schema: AuthProcess, auth: false });
        if (signal?.aborted) throw abortedError();
        onProgress?.(data);
        return data;
      },
      {
        isDone: (p) => p.status === 'done' || p.status === 'error' || p.status === 'aborted',
        intervalMs: SIGN_IN_POLL_INTERVAL_MS,
        timeoutMs: SIGN_IN_TIMEOUT_MS,
        now,
        sleep,
      },
    );
    if (process.status === 'error') {
      throw new ApiError({
        status: 401,
        key: process.error ?? 'signInFailed',
        message: process.errorMessage ?? process.error ?? 'The sign-in failed',
        data: process,
      });
    }
    if (process.status === 'aborted') {
      throw new ApiError({ status: 400, key: 'aborted', message: 'The sign-in was aborted', data: process });
    }
    if (!process.auths || process.auths.length === 0) throw missingUserError();
    const auths = await exchangeRef(ref);
    if (auths.length === 0) throw missingUserError();
    startSession(auths);
    return auths;
  };

  const signInWithPassword = async ({ username, password }: PasswordCredentials): Promise<AuthRecord[]> => {
    const { data } = await call(`/v3/auth/`, {
      method: 'POST',
      body: { type: 'USR_PWD', username, password, organisation },
      schema: AuthProcess,
      auth: false,
    });
    return authorizeWithRef(data.ref);
  };

  const startSignIn = async (start: SignInStart): Promise<AuthProcess> => {
    const { data } = await call(`/v3/auth/`, { method: 'POST', body: { ...start, organisation }, schema: AuthProcess, auth: false });
    return data;
  };

  const signInCallback = async (type: SignInType, body: Omit<AuthCallbackRequest, 'organisation'>): Promise<AuthProcess> => {
    const { data } = await call(`/v3/auth/${encodeURIComponent(type)}/callback`, { method: 'POST', body: { ...body, organisation }, schema: AuthProcess, auth: false });
    return data;
  };

  const cancelSignIn = async (ref: string): Promise<void> => {
    await call(`/v3/auth/cancel`, { method: 'POST', body: { ref, organisation }, auth: false, silent: true }).catch(() => undefined);
  };

  const signOut = async (): Promise<void> => {
    quiet += 1;
    try {
      if ((store.get()?.auths.length ?? 0) > 0) {
        // Renew first when due, so the DELETE carries a valid bearer and the current refresh tokens.
        await freshAuth().catch(() => null);
        const refreshTokens = (store.get()?.auths ?? []).map((a) => a.refreshToken).filter((t) => t.length > 0);
        if (refreshTokens.length > 0) {
          await call(`/v3/auth/`, { method: 'DELETE', body: { refreshTokens }, silent: true }).catch(() => undefined);
        }
      }
    } finally {
      quiet -= 1;
      store.set(null);
      signOutNotified = false;
    }
  };

  const shortAccessToken = async (): Promise<string> => {
    const { data } = await call(`/v3/auth/short-accesstoken`, { schema: ShortAccessTokenAnswer });
    if (!data.accessToken) throw missingTokenError();
    return data.accessToken;
  };

  const invoiceDocumentUrl = async (
    accountId: string | null | undefined,
    provider: InvoiceProvider,
  ): Promise<string> => {
    const id = requireAccountId(accountId);
    const token = await shortAccessToken();
    return buildUrl(
      baseUrl,
      `${org}/invoices/accounts/${id}/invoice?accessToken=${encodeURIComponent(token)}` +
        `&provider=${encodeURIComponent(JSON.stringify(provider))}`,
    );
  };

  const session: SessionAccessors = {
    isSignedIn: () => activeAuth(store.get()) !== null,
    getAuths: () => store.get()?.auths ?? [],
    getActiveAccountId: () => activeAuth(store.get())?.accountId ?? null,
    getActiveAuth: () => activeAuth(store.get()),
    getSessionId: () => sessionId,
  };

  return {
    baseUrl,
    organisation,
    request,
    session,
    signInWithPassword,
    authorizeWithRef,
    startSignIn,
    signInCallback,
    cancelSignIn,
    signOut,
    shortAccessToken,
    invoiceDocumentUrl,
    getRelease: () => request(`/v3/settings/releases/${encodeURIComponent(organisation)}`, { schema: PublicRelease, auth: false }),
    getCopy: (language, types) =>
      request(`/v3/copy/aggregated`, {
        query: { version: 'v3.0', organisation, language, types: types.join(',') },
        schema: CopyGroupsSchema,
        auth: false,
      }),
    getUser: () => request(`${org}/users/me`, { schema: User }),
    setActiveAccount: async (accountId) => {
      requireAccountId(accountId);
      const user = await request(`${org}/users/me/active-account`, {
        method: 'PUT',
        body: { accountId },
        schema: User,
      });
      const state = store.get();
      if (state && accountId) store.set({ ...state, activeAccountId: accountId });
      return user;
    },
    setLanguage: (language) =>
      request(`${org}/users/me/language`, { method: 'PUT', body: { language }, schema: User }),
    getMe: async (accountId) => request(`${org}/accounts/${requireAccountId(accountId)}/me`, { schema: Me }),
    updateUser: (userId, changes) =>
      request(`${org}/users/${encodeURIComponent(userId)}`, { method: 'PUT', body: changes, schema: User }),
    resetPassword: (userId, newPassword) =>
      request(`${org}/users/${encodeURIComponent(userId)}`, { method: 'PUT', body: { newPassword }, schema: User }),
    getLocation: async (accountId, locationId) =>
      request(`${org}/locations/accounts/${requireAccountId(accountId)}/location`, { query: { id: locationId }, schema: Location }),
    updateLocationExtras: async (accountId, locationId, extras) =>
      request(`${org}/locations/accounts/${requireAccountId(accountId)}/location`, {
        method: 'PATCH',
        query: { id: locationId },
        body: { extras },
        schema: Location,
      }),
    getAccountLocations: async (accountId) =>
      request(`${org}/locations/accounts/${requireAccountId(accountId)}`, { schema: Locations }),
    getInvoices: async (accountId, { limit = 24, page = 1, sort, order } = {}) =>
      request(`${org}/invoices/accounts/${requireAccountId(accountId)}/invoices`, {
        query: { limit, page, sort, order },
        schema: Invoices,
        paged: true,
      }),
    getAgreements: (locationId) => request(`${org}/locations/${encodeURIComponent(locationId)}/agreements`, { schema: Agreements }),
    getInquiries: (locationId) =>
      request(`${org}/locations/${encodeURIComponent(locationId)}/third-party-data-inquiries`, { schema: Inquiries }),
    updateInquiry: (locationId, inquiryId, status) =>
      request(
        `${org}/locations/${encodeURIComponent(locationId)}/third-party-data-inquiries/${encodeURIComponent(inquiryId)}`,
        { method: 'PUT', body: { status }, schema: Inquiries },
      ),
    // Prices are public: no bearer; the organisation names the default currency and time zone.
    getSpotPrices: (zone, resolution, options = {}) =>
      request(`/v3/data/storage/zone/${encodeURIComponent(zone)}/spotprices`, {
        query: { resolution, organisation, ...options },
        schema: SpotPriceSeries,
        auth: false,
      }),
    getSpotPriceAverage: (zone, options = {}) =>
      request(`/v3/data/spotprices/delivery-area/${encodeURIComponent(zone)}/average`, {
        query: { organisation, ...options },
        schema: SpotPriceAverage,
        auth: false,
      }),
    getExportUrl: async (locationId, serviceId, dateKey, { format, period, resolution }) => {
      const { url } = await request(`${org}/locations/${encodeURIComponent(locationId)}/data/export-url`, {
        query: { serviceId, dateKey, period, resolution, format },
        schema: ExportUrl,
      });
      return url;
    },
    getLocationData: (locationId, period, key, { serviceId, addRelated } = {}) => {
      const segment = period === 'years' ? 'year/' : `${period}/${encodeURIComponent(key ?? '')}`;
      return request(`${org}/locations/${encodeURIComponent(locationId)}/data/${segment}`, {
        query: { serviceId, addRelated: addRelated === undefined ? undefined : String(addRelated) },
        schema: MeasurementNode,
      });
    },
    getHourData: (locationId, start, end, serviceId) =>
      request(`${org}/locations/${encodeURIComponent(locationId)}/data/hour`, {
        query: { start_date: start, end_date: end, serviceId },
        schema: MeasurementNode,
      }),
    getDistribution: (locationId, month, type, serviceId) =>
      request(`${org}/locations/${encodeURIComponent(locationId)}/data/distribution/${encodeURIComponent(month)}`, {
        query: { type, serviceId },
        schema: Distribution,
      }),
    getServicesData: (locationId, month) =>
      request(`${org}/locations/${encodeURIComponent(locationId)}/services-data`, { query: { month }, schema: ServicesData }),
    getActiveDisruption: (channel) =>
      request(`/v4/disruptions/${encodeURIComponent(organisation)}/active-disruption`, {
        query: { product: channel },
        schema: Disruption.nullable(),
        auth: false,
      }),
  };
};

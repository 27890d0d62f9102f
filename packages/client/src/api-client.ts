import { AccessTokenResponse, ProspectState, prospectFailedStatuses, prospectReadyStatuses, ShortAccessToken } from '@gridline/contracts/auth';
import type { AuthCallbackRequest, AuthProcess, AuthRecord, LoginRequest } from '@gridline/contracts/auth';
import type { SignInType } from '@gridline/contracts/enums';
import type { Currency, Language } from '@gridline/contracts/enums';
import type { ExportFormat, ExportPeriod, ExportResolution } from '@gridline/contracts/exports';
import type { Agreement } from '@gridline/contracts/agreements';
import type { Disruption } from '@gridline/contracts/disruptions';
import type { DisruptionTarget } from '@gridline/contracts/disruptions';
import type { ThirdPartyDataInquiry } from '@gridline/contracts/inquiries';
import type { InquiryStatus } from '@gridline/contracts/inquiries';
import type { Invoice } from '@gridline/contracts/invoices';
import type { InvoiceSortField, SortOrder } from '@gridline/contracts/invoices';
import type { Location } from '@gridline/contracts/locations';
import type { Distribution, MeasurementNode, ServicesData } from '@gridline/contracts/measurements';
import type { HomeExtrasUpdate } from '@gridline/contracts/home';
import type { SpotPriceAverage, SpotPriceSeries } from '@gridline/contracts/prices';
import type { SpotPriceResolution } from '@gridline/contracts/prices';
import type { PublicRelease } from '@gridline/contracts/settings';
import type { DeletionRequest, Me, User } from '@gridline/contracts/users';
import type { SupportMessage } from '@gridline/contracts/support';
import type { LocationTip } from '@gridline/contracts/tips';
import { fillPath, type BodyOf, type DataOf, type Endpoint } from '@gridline/contracts/endpoint';
import { getAgreements, getInquiries, updateInquiry } from '@gridline/contracts/endpoints/agreements';
import { cancelSignIn as cancelSignInEndpoint, getAccessToken, getShortAccessToken, getSignInStatus, signInCallback as signInCallbackEndpoint, signOut as signOutEndpoint, startSignIn as startSignInEndpoint } from '@gridline/contracts/endpoints/auth';
import { getCopy } from '@gridline/contracts/endpoints/copy';
import { getActiveDisruption } from '@gridline/contracts/endpoints/disruptions';
import { getExportUrl } from '@gridline/contracts/endpoints/exports';
import { getInvoiceDocument, getInvoices } from '@gridline/contracts/endpoints/invoices';
import { getAccountLocations, getLocation, updateLocation } from '@gridline/contracts/endpoints/locations';
import { getDistribution, getLocationDay, getLocationHours, getLocationMonth, getLocationWeek, getLocationYear, getLocationYears, getServicesData } from '@gridline/contracts/endpoints/measurements';
import { getSpotPriceAverage, getZoneSpotPrices } from '@gridline/contracts/endpoints/prices';
import { getSupportMessages, sendSupportMessage } from '@gridline/contracts/endpoints/support';
import { getRelease } from '@gridline/contracts/endpoints/settings';
import { listLocationTips, setTipCompleted } from '@gridline/contracts/endpoints/tips';
import { getAccountMe, getCurrentUser, requestDeletion, requestPasswordReset, setActiveAccount, setLanguage, updateUser } from '@gridline/contracts/endpoints/users';
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
  /** "Forgot password" (`PUT …/users/resetPassword`): a one-time link to `callbackUrl` by e-mail; the same answer for any e-mail. */
  requestPasswordReset(email: string, callbackUrl?: string): Promise<void>;
  /** Ask to have the signed-in user's account deleted (`GET …/users/requestDelete`); answers when it was first asked. */
  requestDeletion(): Promise<DeletionRequest>;
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
  /** The signed-in customer's messages with customer service (`GET …/support/messages`); `markAsRead` marks the answers read. */
  getSupportMessages(markAsRead?: boolean): Promise<SupportMessage[]>;
  /** Send customer service a message (`POST …/support/messages`); answers it. */
  sendSupportMessage(text: string): Promise<SupportMessage>;
  /** The tips for a location in a language, with whether each is done (`GET /v3/tips/{locationId}`). */
  getTips(locationId: string, language?: Language): Promise<LocationTip[]>;
  /** Mark a tip done or not done at a location (`PATCH /v3/tips/{locationId}/{tipId}/completed`); answers the tip. */
  setTipCompleted(locationId: string, tipId: string, completed: boolean, language?: Language): Promise<LocationTip>;
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

/** Lenient on purpose: an answer without a token is MISSING_TOKEN, not an unreadable answer. */
const ShortAccessTokenAnswer = ShortAccessToken.partial();

/** The parts of a call of an endpoint the caller gives; the organisation is the client's own. */
interface EndpointInput<E extends Endpoint> {
  params?: Record<string, string>;
  query?: Query;
  body?: BodyOf<E>;
}

interface SendOptions<T> {
  /** Another schema for the data than the contract's (a more lenient one). */
  schema?: Schema<T>;
  silent?: boolean;
  rateLimit?: boolean;
}

/** The location data reads by period, one contract each. */
const periodEndpoints = { year: getLocationYear, month: getLocationMonth, week: getLocationWeek, day: getLocationDay } as const;

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
      const { data } = await send(getAccessToken, { query: { refreshToken: auth.refreshToken } }, { schema: AccessTokenResponse, silent: quiet > 0 });
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

  /** A call built from its endpoint's contract: method, path, bearer, the data's schema, paging. */
  async function send<E extends Endpoint, T = DataOf<E>>(e: E, input: EndpointInput<E> = {}, options: SendOptions<T> = {}): Promise<HttpResult<T>> {
    const response = e.response;
    return call<T>(fillPath(e.path, { organisation, ...input.params }), {
      method: e.method,
      query: input.query,
      body: input.body,
      schema: options.schema ?? ('data' in response ? (response.data as unknown as Schema<T>) : undefined),
      paged: 'data' in response && response.paged === true,
      auth: e.auth === 'user' || typeof e.auth === 'object',
      silent: options.silent,
      rateLimit: options.rateLimit,
    });
  }

  /** The data of a call built from its contract. */
  const fetchData = async <E extends Endpoint>(e: E, input: EndpointInput<E> = {}): Promise<DataOf<E>> => (await send(e, input)).data;

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
    return accountId;
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
        const { data } = await send(getAccessToken, { query: { ref } }, { schema: AccessTokenResponse, rateLimit: false });
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
          const { data: state } = await send(getAccessToken, { query: { prospect, organisation } }, { schema: ProspectState, rateLimit: false });
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
        const { data } = await send(getSignInStatus, { query: { ref, organisation } });
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
    const { data } = await send(startSignInEndpoint, { body: { type: 'USR_PWD', username, password, organisation } });
    return authorizeWithRef(data.ref);
  };

  const startSignIn = async (start: SignInStart): Promise<AuthProcess> => {
    const { data } = await send(startSignInEndpoint, { body: { ...start, organisation } });
    return data;
  };

  const signInCallback = async (type: SignInType, body: Omit<AuthCallbackRequest, 'organisation'>): Promise<AuthProcess> => {
    const { data } = await send(signInCallbackEndpoint, { params: { type }, body: { ...body, organisation } });
    return data;
  };

  const cancelSignIn = async (ref: string): Promise<void> => {
    await send(cancelSignInEndpoint, { body: { ref, organisation } }, { silent: true }).catch(() => undefined);
  };

  const signOut = async (): Promise<void> => {
    quiet += 1;
    try {
      if ((store.get()?.auths.length ?? 0) > 0) {
        // Renew first when due, so the DELETE carries a valid bearer and the current refresh tokens.
        await freshAuth().catch(() => null);
        const refreshTokens = (store.get()?.auths ?? []).map((a) => a.refreshToken).filter((t) => t.length > 0);
        if (refreshTokens.length > 0) {
          await send(signOutEndpoint, { body: { refreshTokens } }, { silent: true }).catch(() => undefined);
        }
      }
    } finally {
      quiet -= 1;
      store.set(null);
      signOutNotified = false;
    }
  };

  const shortAccessToken = async (): Promise<string> => {
    const { data } = await send(getShortAccessToken, {}, { schema: ShortAccessTokenAnswer });
    if (!data.accessToken) throw missingTokenError();
    return data.accessToken;
  };

  const invoiceDocumentUrl = async (
    accountId: string | null | undefined,
    provider: InvoiceProvider,
  ): Promise<string> => {
    const id = requireAccountId(accountId);
    const token = await shortAccessToken();
    // Encoded whole (commas too): the provider is JSON.
    return buildUrl(
      baseUrl,
      `${fillPath(getInvoiceDocument.path, { organisation, accountId: id })}?accessToken=${encodeURIComponent(token)}` +
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
    getRelease: () => fetchData(getRelease),
    getCopy: (language, types) =>
      send(getCopy, { query: { version: 'v3.0', organisation, language, types: types.join(',') } }, { schema: CopyGroupsSchema }).then((r) => r.data),
    getUser: () => fetchData(getCurrentUser),
    setActiveAccount: async (accountId) => {
      requireAccountId(accountId);
      const user = await fetchData(setActiveAccount, { body: { accountId: accountId ?? '' } });
      const state = store.get();
      if (state && accountId) store.set({ ...state, activeAccountId: accountId });
      return user;
    },
    setLanguage: (language) => fetchData(setLanguage, { body: { language } }),
    getMe: async (accountId) => fetchData(getAccountMe, { params: { accountId: requireAccountId(accountId) } }),
    updateUser: (userId, changes) => fetchData(updateUser, { params: { id: userId }, body: changes }),
    resetPassword: (userId, newPassword) => fetchData(updateUser, { params: { id: userId }, body: { newPassword } }),
    requestPasswordReset: async (email, callbackUrl) => {
      await fetchData(requestPasswordReset, { body: { email, ...(callbackUrl ? { callbackUrl } : {}) } });
    },
    requestDeletion: () => fetchData(requestDeletion),
    getLocation: async (accountId, locationId) => fetchData(getLocation, { params: { accountId: requireAccountId(accountId) }, query: { id: locationId } }),
    updateLocationExtras: async (accountId, locationId, extras) =>
      fetchData(updateLocation, { params: { accountId: requireAccountId(accountId) }, query: { id: locationId }, body: { extras } }),
    getAccountLocations: async (accountId) => fetchData(getAccountLocations, { params: { accountId: requireAccountId(accountId) } }),
    getInvoices: async (accountId, { limit = 24, page = 1, sort, order } = {}) => {
      const { data, pagination } = await send(getInvoices, { params: { accountId: requireAccountId(accountId) }, query: { limit, page, sort, order } });
      if (!pagination) throw parseError('');
      return { data, pagination };
    },
    getAgreements: (locationId) => fetchData(getAgreements, { params: { id: locationId } }),
    getInquiries: (locationId) => fetchData(getInquiries, { params: { id: locationId } }),
    updateInquiry: (locationId, inquiryId, status) => fetchData(updateInquiry, { params: { id: locationId, inquiryId }, body: { status } }),
    // Prices are public: no bearer; the organisation names the default currency and time zone.
    getSpotPrices: (zone, resolution, options = {}) => fetchData(getZoneSpotPrices, { params: { zone }, query: { resolution, organisation, ...options } }),
    getSpotPriceAverage: (zone, options = {}) => fetchData(getSpotPriceAverage, { params: { area: zone }, query: { organisation, ...options } }),
    getExportUrl: async (locationId, serviceId, dateKey, { format, period, resolution }) => {
      const { url } = await fetchData(getExportUrl, { params: { id: locationId }, query: { serviceId, dateKey, period, resolution, format } });
      return url;
    },
    getLocationData: (locationId, period, key, { serviceId, addRelated } = {}) => {
      const query = { serviceId, addRelated: addRelated === undefined ? undefined : String(addRelated) };
      if (period === 'years') return fetchData(getLocationYears, { params: { id: locationId }, query });
      return fetchData(periodEndpoints[period], { params: { id: locationId, key: key ?? '' }, query });
    },
    getHourData: (locationId, start, end, serviceId) => fetchData(getLocationHours, { params: { id: locationId }, query: { start_date: start, end_date: end, serviceId } }),
    getDistribution: (locationId, month, type, serviceId) => fetchData(getDistribution, { params: { id: locationId, key: month }, query: { type, serviceId } }),
    getServicesData: (locationId, month) => fetchData(getServicesData, { params: { id: locationId }, query: { month } }),
    getActiveDisruption: (channel) => fetchData(getActiveDisruption, { params: { product: organisation }, query: { product: channel } }),
    getSupportMessages: (markAsRead = false) => fetchData(getSupportMessages, { query: { markAsRead: String(markAsRead) } }),
    sendSupportMessage: (text) => fetchData(sendSupportMessage, { body: { text } }),
    getTips: (locationId, language) => fetchData(listLocationTips, { params: { locationId }, query: { language } }),
    setTipCompleted: (locationId, tipId, completed, language) => fetchData(setTipCompleted, { params: { locationId, tipId }, query: { language }, body: { completed } }),
  };
};

import { AuthRecord } from '@gridline/contracts/auth';

/** Everything the client remembers between page loads: one auth per account, and the chosen one. */
export interface SessionState {
  auths: AuthRecord[];
  activeAccountId: string | null;
}

export interface SessionStore {
  get(): SessionState | null;
  /** `null` clears the session. */
  set(state: SessionState | null): void;
}

const AuthRecords = AuthRecord.array();

/** Checks a value read back from storage; anything that is not a valid session is `null`. */
export const parseSessionState = (value: unknown): SessionState | null => {
  if (typeof value !== 'object' || value === null) return null;
  const { auths, activeAccountId } = value as Record<string, unknown>;
  const parsed = AuthRecords.safeParse(auths);
  if (!parsed.success) return null;
  return { auths: parsed.data, activeAccountId: typeof activeAccountId === 'string' ? activeAccountId : null };
};

/** The auth the client uses: the one of `activeAccountId`, else the first. */
export const activeAuth = (state: SessionState | null | undefined): AuthRecord | null => {
  if (!state) return null;
  return state.auths.find((a) => a.accountId === state.activeAccountId) ?? state.auths[0] ?? null;
};

/** Margin before `exp` at which a refreshable access token is renewed. */
export const REFRESH_MARGIN_SECONDS = 10;
/** A USER token without refresh token that claims to live longer than this (60 days) is renewed. */
export const MAX_USER_TOKEN_AHEAD_SECONDS = 5_184_000;

/** The fields `needsRefresh` looks at; looser than `AuthRecord` to cover stored legacy tokens. */
export interface RefreshCandidate {
  scope?: string | null;
  exp?: number | null;
  refreshToken?: string | null;
}

/**
 * Whether an auth must be renewed before use.
 * - With a refresh token: when it has expired, with a 10-second margin (`now >= exp - 10`);
 *   a missing `exp` counts as expired.
 * - USER scope without refresh token: when `exp` is missing or more than 60 days ahead.
 * - Otherwise never.
 */
export const needsRefresh = (auth: RefreshCandidate, nowSeconds: number): boolean => {
  const exp = typeof auth.exp === 'number' && Number.isFinite(auth.exp) ? auth.exp : null;
  if (auth.refreshToken) return exp === null || nowSeconds >= exp - REFRESH_MARGIN_SECONDS;
  if (auth.scope === 'USER') return exp === null || exp - nowSeconds > MAX_USER_TOKEN_AHEAD_SECONDS;
  return false;
};

export const createMemorySessionStore = (initial: SessionState | null = null): SessionStore => {
  let state = initial;
  return {
    get: () => state,
    set: (next) => {
      state = next;
    },
  };
};

const parseState = (raw: string | null): SessionState | null => {
  if (!raw) return null;
  try {
    return parseSessionState(JSON.parse(raw));
  } catch {
    return null;
  }
};

/**
 * Keeps the session in `localStorage` under `key` (read on every `get`, so tabs share it).
 * Where storage is missing or refuses writes (private mode, server rendering) it falls back to
 * memory for this page. A stored value that is not a valid session reads as signed out.
 */
export const createLocalStorageSessionStore = (key: string): SessionStore => {
  let memory: SessionState | null = null;
  const storage = (): Storage | null => {
    try {
      return typeof globalThis.localStorage === 'undefined' ? null : globalThis.localStorage;
    } catch {
      return null;
    }
  };
  return {
    get: () => {
      const s = storage();
      if (!s) return memory;
      try {
        return parseState(s.getItem(key));
      } catch {
        return memory;
      }
    },
    set: (next) => {
      memory = next;
      const s = storage();
      if (!s) return;
      try {
        if (next === null) s.removeItem(key);
        else s.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or refused: the in-memory copy still serves this page.
      }
    },
  };
};

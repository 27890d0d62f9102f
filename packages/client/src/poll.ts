import { timeoutError } from './errors.ts';

export const LIMIT_REACHED = 'LIMIT_REACHED';
export type LimitReached = typeof LIMIT_REACHED;

export type Sleep = (ms: number) => Promise<void>;

export const defaultSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The pause between sign-in status polls, and how long a sign-in may take in all. */
export const SIGN_IN_POLL_INTERVAL_MS = 500;
export const SIGN_IN_TIMEOUT_MS = 600_000;

export interface PollOptions<T> {
  isDone: (value: T) => boolean;
  /** Pause between attempts; 5000 ms unless given. */
  intervalMs?: number;
  /** Attempts before giving up with `LIMIT_REACHED`; unlimited unless given. */
  maxAttempts?: number;
  sleep?: Sleep;
}

/**
 * Calls `fn` until `isDone` accepts its value (returned) or `maxAttempts` calls were made
 * (`LIMIT_REACHED`). Pauses `intervalMs` between attempts, not after the last. Errors thrown by
 * `fn` end the polling.
 */
export const poll = async <T>(fn: () => Promise<T>, options: PollOptions<T>): Promise<T | LimitReached> => {
  const { isDone, intervalMs = 5000, maxAttempts = Number.POSITIVE_INFINITY, sleep = defaultSleep } = options;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    const value = await fn();
    if (isDone(value)) return value;
    if (attempt < maxAttempts) await sleep(intervalMs);
  }
  return LIMIT_REACHED;
};

export interface PollWithTimeoutOptions<T> {
  isDone: (value: T) => boolean;
  /** Pause between attempts; 500 ms (the sign-in pace) unless given. */
  intervalMs?: number;
  /** Total time allowed; 600000 ms unless given. */
  timeoutMs?: number;
  now?: () => number;
  sleep?: Sleep;
  /** Message of the time-out error. */
  message?: string;
}

/**
 * Like `poll`, but bounded by time: when `isDone` has not accepted a value within `timeoutMs`
 * it throws ApiError 408, name `TimeoutError`, key `timeout`.
 */
export const pollWithTimeout = async <T>(fn: () => Promise<T>, options: PollWithTimeoutOptions<T>): Promise<T> => {
  const {
    isDone,
    intervalMs = SIGN_IN_POLL_INTERVAL_MS,
    timeoutMs = SIGN_IN_TIMEOUT_MS,
    now = () => Date.now(),
    sleep = defaultSleep,
    message = 'The sign-in timed out',
  } = options;
  const deadline = now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (isDone(value)) return value;
    if (now() + intervalMs > deadline) throw timeoutError(message);
    await sleep(intervalMs);
  }
};

import { z } from 'zod';
import { BoundedText, Id } from './common.ts';

/*
 * Push tokens (spec 001 §3 User "push tokens", Recipient "pushTokens"; §7 `PUT /users/{id}/pushtoken`;
 * decision 0042): how push reaches a customer's devices. Two kinds, as the integrations send them
 * (docs: /work/shared/reference/integrations.md "Push"): the app's Expo push token, and a browser's
 * Web Push subscription given as its JSON text.
 */

export const PushTokenKind = z.enum(['expo', 'webpush']);
export type PushTokenKind = z.infer<typeof PushTokenKind>;

/** The longest token kept: an Expo token is about 45 characters, a Web Push subscription's JSON 200–600. */
export const PUSH_TOKEN_MAX_LENGTH = 2048;
/** The most tokens one user keeps; registering another drops the one registered longest ago. */
export const PUSH_TOKENS_PER_USER = 20;

/** Why a token is refused (the `reason` of `400 MALFORMED_PUSH_TOKEN`). */
export type PushTokenProblem = 'TOO_LONG' | 'UNKNOWN_KIND' | 'MALFORMED_EXPO_TOKEN' | 'MALFORMED_SUBSCRIPTION' | 'ENDPOINT_NOT_HTTPS' | 'ENDPOINT_NOT_PUBLIC';

export type ParsedPushToken = { ok: true; kind: PushTokenKind; token: string } | { ok: false; reason: PushTokenProblem };

/** `ExponentPushToken[…]` or `ExpoPushToken[…]`: Expo's own forms. */
const EXPO_TOKEN = /^Expo(?:nent)?PushToken\[[A-Za-z0-9_-]{1,200}\]$/;
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const ENDPOINT_MAX_LENGTH = 1024;

/**
 * Reads a push token by the rules above: an Expo token as it is, or a Web Push subscription
 * `{"endpoint": "https://…", "keys": {"p256dh": "…", "auth": "…"}}` (an `expirationTime` of null
 * or a number may come along, as `PushSubscription.toJSON()` gives it). The subscription is kept
 * in one form, `{"endpoint","keys":{"p256dh","auth"}}`, so that the same subscription sent again
 * with its fields in another order is the same token. Nothing is trimmed or repaired.
 *
 * The endpoint is where the server will send, so it must be an https address of a host by name:
 * no address literal, no `localhost`, no credentials (push services are public hosts; this keeps
 * a customer from pointing the server at the provider's own network).
 */
export function parsePushToken(text: string): ParsedPushToken {
  if (text.length > PUSH_TOKEN_MAX_LENGTH) return { ok: false, reason: 'TOO_LONG' };
  if (text.startsWith('Expo')) return EXPO_TOKEN.test(text) ? { ok: true, kind: 'expo', token: text } : { ok: false, reason: 'MALFORMED_EXPO_TOKEN' };
  if (!text.startsWith('{')) return { ok: false, reason: 'UNKNOWN_KIND' };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'MALFORMED_SUBSCRIPTION' };
  }
  const subscription = WebPushSubscription.safeParse(value);
  if (!subscription.success) return { ok: false, reason: 'MALFORMED_SUBSCRIPTION' };
  const { endpoint, keys } = subscription.data;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, reason: 'MALFORMED_SUBSCRIPTION' };
  }
  if (url.protocol !== 'https:') return { ok: false, reason: 'ENDPOINT_NOT_HTTPS' };
  if (!isPublicHostName(url.hostname) || url.username !== '' || url.password !== '') return { ok: false, reason: 'ENDPOINT_NOT_PUBLIC' };
  return { ok: true, kind: 'webpush', token: JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }) };
}

const WebPushSubscription = z.strictObject({
  endpoint: z.string().min(1).max(ENDPOINT_MAX_LENGTH),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().min(1).max(256).regex(BASE64URL),
    auth: z.string().min(1).max(64).regex(BASE64URL),
  }),
});

/** A host by name with a dot, not `localhost` nor a local name, not an IPv4 or IPv6 literal. */
function isPublicHostName(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host.startsWith('[') || /^[\d.]+$/.test(host) || !host.includes('.')) return false;
  return !/(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host);
}

/** `PUT /v4/{organisation}/users/{id}/pushtoken`: the token's text; its rules are `parsePushToken`'s (400 MALFORMED_PUSH_TOKEN). */
export const RegisterPushTokenRequest = z.strictObject({
  // A cap far above the rule's own, which answers MALFORMED_PUSH_TOKEN (TOO_LONG) for a token just too long.
  token: BoundedText(4 * PUSH_TOKEN_MAX_LENGTH, { min: 1 }),
});
export type RegisterPushTokenRequest = z.infer<typeof RegisterPushTokenRequest>;

/** A registered token: whose, what kind, when first and last registered. */
export const PushToken = z.object({
  _id: Id,
  userId: Id,
  kind: PushTokenKind,
  token: z.string(),
  createdAt: z.string(),
  lastRegisteredAt: z.string(),
});
export type PushToken = z.infer<typeof PushToken>;

/**
 * `GET …/users/{id}/pushstatus`: whether push can reach the user: the tokens they have (by kind),
 * and their notification preferences once they have saved any (`PUT /users/{id}/notifications`,
 * not built yet: null until then).
 */
export const PushStatus = z.object({
  reachable: z.boolean(),
  tokens: z.number().int(),
  kinds: z.object({ expo: z.number().int(), webpush: z.number().int() }),
  notifications: z.record(z.string(), z.boolean()).nullable(),
});
export type PushStatus = z.infer<typeof PushStatus>;


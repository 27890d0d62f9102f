import { createHmac } from 'node:crypto';

/**
 * The animated QR code of BankID (RP API v6.0): every second the code shows
 * `bankid.<qrStartToken>.<time>.<qrAuthCode>`, where `time` is the whole seconds since the auth
 * answer and `qrAuthCode` the lowercase hex HMAC-SHA256 of `time` (in decimal) keyed with
 * `qrStartSecret`. The secret never leaves the server.
 */
export function qrAuthCode(qrStartSecret: string, seconds: number): string {
  if (!Number.isInteger(seconds) || seconds < 0) throw new RangeError(`seconds must be a whole number ≥ 0, got ${seconds}`);
  return createHmac('sha256', qrStartSecret).update(String(seconds)).digest('hex');
}

export function animatedQrData(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  return `bankid.${qrStartToken}.${seconds}.${qrAuthCode(qrStartSecret, seconds)}`;
}

/** Whole seconds between the auth answer and now (never negative). */
export function secondsSinceOrder(orderTimeMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - orderTimeMs) / 1000));
}

/** The parts of a scanned QR code, or null when it is not one. */
export function parseQrData(data: string): { qrStartToken: string; seconds: number; qrAuthCode: string } | null {
  const match = /^bankid\.([0-9a-f-]{36})\.(\d{1,6})\.([0-9a-f]{64})$/.exec(data.trim());
  if (!match) return null;
  return { qrStartToken: match[1] as string, seconds: Number(match[2]), qrAuthCode: match[3] as string };
}

import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import https from 'node:https';
import { isIP, type AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { CompletionData } from './client.ts';
import type { SimulatorCertificates } from './certificates.ts';
import { parseQrData, qrAuthCode, secondsSinceOrder } from './qr.ts';

/**
 * A local stand-in for the BankID Relying Party API v6.0, over HTTPS with mutual TLS under its
 * own CA: `/auth`, `/collect` and `/cancel` answer as BankID does (the hint codes, the error
 * codes, a completed order collectable for 3 minutes and a failed one for 5). What the user does
 * in the BankID app — scan, start, approve, cancel, or run into one of the failures — is done
 * through the methods below, which the "test BankID app" page (`test-app-page.ts`) calls.
 */

export interface SimulatedPerson {
  personalNumber: string;
  givenName: string;
  surname: string;
}

export interface SimulatedOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  /** When the auth answer was given (ms). */
  createdAt: number;
  endUserIp: string;
  requiredPersonalNumber: string | null;
  status: 'pending' | 'failed' | 'complete';
  hintCode: string;
  completionData: CompletionData | null;
  finishedAt: number | null;
}

export interface BankIdSimulatorOptions {
  certificates: SimulatorCertificates;
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  now?: () => number;
  /** How long an order waits for the user before it fails with expiredTransaction. Default 3 minutes. */
  orderLifetimeMs?: number;
  /** How old an animated QR code may be when scanned (seconds). Default 30. */
  qrLifetimeSeconds?: number;
}

export type SimulatorAction = { ok: true; order: SimulatedOrder } | { ok: false; reason: string };

export interface BankIdSimulator {
  /** The RP API's base, like `https://appapi2.bankid.com/rp/v6.0`. */
  url: string;
  /** What a relying party needs to talk to it: its client certificate and the CA to trust. */
  clientTls: { cert: string; key: string; ca: string };
  /** Orders, the pending ones first, newest first. */
  orders(): SimulatedOrder[];
  find(orderRef: string): SimulatedOrder | null;
  /** The user scans an animated QR code: it must be genuine and at most `qrLifetimeSeconds` old. */
  scanQr(data: string): SimulatorAction;
  /** The app is started on the same device with the order's autostart token. */
  autoStart(autoStartToken: string): SimulatorAction;
  /** The app shows the order: the user is asked for the security code (userSign). */
  open(orderRef: string): SimulatorAction;
  /** Any pending hint code (outstandingTransaction, noClient, started, userSign, …). */
  setPendingHint(orderRef: string, hintCode: string): SimulatorAction;
  approve(orderRef: string, person: SimulatedPerson): SimulatorAction;
  /** The user presses cancel in the app (userCancel), or any other failure hint code. */
  fail(orderRef: string, hintCode: string): SimulatorAction;
  /** While on, every call answers 503 maintenance. */
  setMaintenance(on: boolean): void;
  close(): Promise<void>;
}

const API_PREFIX = '/rp/v6.0/';
const COMPLETE_COLLECTABLE_MS = 3 * 60_000;
const FAILED_COLLECTABLE_MS = 5 * 60_000;

type Answer = { status: number; body: unknown };
const error = (status: number, errorCode: string, details: string): Answer => ({ status, body: { errorCode, details } });

export async function createBankIdSimulator(options: BankIdSimulatorOptions): Promise<BankIdSimulator> {
  const now = options.now ?? Date.now;
  const lifetimeMs = options.orderLifetimeMs ?? 3 * 60_000;
  const qrLifetime = options.qrLifetimeSeconds ?? 30;
  const orders = new Map<string, SimulatedOrder>();
  let maintenance = false;

  /** Ages the orders: pending too long → expiredTransaction; finished too long ago → forgotten. */
  const age = () => {
    const t = now();
    for (const order of orders.values()) {
      if (order.status === 'pending' && t - order.createdAt > lifetimeMs) finish(order, 'failed', 'expiredTransaction');
      if (order.finishedAt !== null) {
        const keep = order.status === 'complete' ? COMPLETE_COLLECTABLE_MS : FAILED_COLLECTABLE_MS;
        if (t - order.finishedAt > keep) orders.delete(order.orderRef);
      }
    }
  };

  const finish = (order: SimulatedOrder, status: 'failed' | 'complete', hintCode: string, completionData: CompletionData | null = null) => {
    order.status = status;
    order.hintCode = hintCode;
    order.completionData = completionData;
    order.finishedAt = now();
  };

  const pendingOrder = (orderRef: string): SimulatedOrder | string => {
    age();
    const order = orders.get(orderRef);
    if (!order) return 'No such order (it may have expired or been cancelled).';
    if (order.status !== 'pending') return `The order is already ${order.status} (${order.hintCode || 'complete'}).`;
    return order;
  };

  const act = (orderRef: string, change: (order: SimulatedOrder) => string | void): SimulatorAction => {
    const order = pendingOrder(orderRef);
    if (typeof order === 'string') return { ok: false, reason: order };
    const problem = change(order);
    return problem ? { ok: false, reason: problem } : { ok: true, order };
  };

  const respond = (method: string, body: Record<string, unknown>): Answer => {
    if (maintenance) return error(503, 'maintenance', 'The service is temporarily unavailable. Please try again later.');
    age();
    switch (method) {
      case 'auth': {
        const endUserIp = body.endUserIp;
        if (typeof endUserIp !== 'string' || isIP(endUserIp) === 0) return error(400, 'invalidParameters', 'Invalid endUserIp.');
        const requirement = (body.requirement ?? {}) as Record<string, unknown>;
        const personalNumber = requirement.personalNumber;
        if (personalNumber !== undefined && (typeof personalNumber !== 'string' || !/^\d{12}$/.test(personalNumber))) {
          return error(400, 'invalidParameters', 'Invalid personalNumber.');
        }
        if (typeof personalNumber === 'string') {
          const busy = [...orders.values()].find((o) => o.status === 'pending' && o.requiredPersonalNumber === personalNumber);
          if (busy) {
            // The new order is refused, and the one in progress is cancelled (hint "cancelled").
            finish(busy, 'failed', 'cancelled');
            return error(400, 'alreadyInProgress', 'Order already in progress for pno.');
          }
        }
        const order: SimulatedOrder = {
          orderRef: randomUUID(),
          autoStartToken: randomUUID(),
          qrStartToken: randomUUID(),
          qrStartSecret: randomUUID(),
          createdAt: now(),
          endUserIp,
          requiredPersonalNumber: typeof personalNumber === 'string' ? personalNumber : null,
          status: 'pending',
          hintCode: 'outstandingTransaction',
          completionData: null,
          finishedAt: null,
        };
        orders.set(order.orderRef, order);
        const { orderRef, autoStartToken, qrStartToken, qrStartSecret } = order;
        return { status: 200, body: { orderRef, autoStartToken, qrStartToken, qrStartSecret } };
      }
      case 'collect': {
        if (typeof body.orderRef !== 'string') return error(400, 'invalidParameters', 'Invalid orderRef.');
        const order = orders.get(body.orderRef);
        if (!order) return error(400, 'invalidParameters', 'No such order.');
        if (order.status === 'complete') return { status: 200, body: { orderRef: order.orderRef, status: 'complete', completionData: order.completionData } };
        return { status: 200, body: { orderRef: order.orderRef, status: order.status, hintCode: order.hintCode } };
      }
      case 'cancel': {
        if (typeof body.orderRef !== 'string') return error(400, 'invalidParameters', 'Invalid orderRef.');
        const order = orders.get(body.orderRef);
        if (!order || order.status !== 'pending') return error(400, 'invalidParameters', 'No such order.');
        orders.delete(order.orderRef);
        return { status: 200, body: {} };
      }
      default:
        return error(404, 'notFound', 'No such method.');
    }
  };

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const send = (answer: Answer) => {
      const text = JSON.stringify(answer.body);
      response.writeHead(answer.status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      response.end(text);
    };
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    if (!path.startsWith(API_PREFIX)) return send(error(404, 'notFound', 'Not found.'));
    if (request.method !== 'POST') return send(error(405, 'methodNotAllowed', 'Only POST is allowed.'));
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return send(error(415, 'unsupportedMediaType', 'Use application/json.'));
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
      } catch {
        return send(error(400, 'invalidParameters', 'The body is not JSON.'));
      }
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return send(error(400, 'invalidParameters', 'The body is not an object.'));
      send(respond(path.slice(API_PREFIX.length), body as Record<string, unknown>));
    });
  };

  const { certificates } = options;
  const server = https.createServer(
    { cert: certificates.server.cert, key: certificates.server.key, ca: certificates.ca.cert, requestCert: true, rejectUnauthorized: true },
    handle,
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const equalHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

  return {
    url: `https://localhost:${port}${API_PREFIX.slice(0, -1)}`,
    clientTls: { cert: certificates.client.cert, key: certificates.client.key, ca: certificates.ca.cert },
    orders() {
      age();
      const rank = (o: SimulatedOrder) => (o.status === 'pending' ? 0 : 1);
      return [...orders.values()].sort((a, b) => rank(a) - rank(b) || b.createdAt - a.createdAt);
    },
    find(orderRef) {
      age();
      return orders.get(orderRef) ?? null;
    },
    scanQr(data) {
      const parsed = parseQrData(data);
      if (!parsed) return { ok: false, reason: 'This is not a BankID QR code.' };
      age();
      const order = [...orders.values()].find((o) => o.qrStartToken === parsed.qrStartToken);
      if (!order || order.status !== 'pending') return { ok: false, reason: 'No order is waiting for this QR code.' };
      if (!equalHex(qrAuthCode(order.qrStartSecret, parsed.seconds), parsed.qrAuthCode)) return { ok: false, reason: 'The QR code is not genuine.' };
      const current = secondsSinceOrder(order.createdAt, now());
      if (parsed.seconds > current || current - parsed.seconds > qrLifetime) {
        finish(order, 'failed', 'startFailed');
        return { ok: false, reason: 'The QR code is too old: scan the one on the screen now.' };
      }
      order.hintCode = 'userSign';
      return { ok: true, order };
    },
    autoStart(autoStartToken) {
      age();
      const order = [...orders.values()].find((o) => o.autoStartToken === autoStartToken);
      if (!order || order.status !== 'pending') return { ok: false, reason: 'No order is waiting for this autostart token.' };
      order.hintCode = 'userSign';
      return { ok: true, order };
    },
    open: (orderRef) =>
      act(orderRef, (order) => {
        order.hintCode = 'userSign';
      }),
    setPendingHint: (orderRef, hintCode) =>
      act(orderRef, (order) => {
        if (!/^[a-zA-Z]{3,40}$/.test(hintCode)) return 'Not a hint code.';
        order.hintCode = hintCode;
      }),
    approve: (orderRef, person) =>
      act(orderRef, (order) => {
        if (!/^\d{12}$/.test(person.personalNumber)) return 'A personal number has twelve digits (YYYYMMDDNNNN).';
        if (order.requiredPersonalNumber && order.requiredPersonalNumber !== person.personalNumber) return 'This order is for another personal number.';
        finish(order, 'complete', '', {
          user: { personalNumber: person.personalNumber, name: `${person.givenName} ${person.surname}`.trim(), givenName: person.givenName, surname: person.surname },
          device: { ipAddress: order.endUserIp, uhi: randomBytes(12).toString('base64url') },
          bankIdIssueDate: new Date(now() - 400 * 86_400_000).toISOString().slice(0, 10),
          signature: Buffer.from(`<simulated-signature order="${order.orderRef}"/>`).toString('base64'),
          ocspResponse: randomBytes(48).toString('base64'),
        });
      }),
    fail: (orderRef, hintCode) =>
      act(orderRef, (order) => {
        if (!/^[a-zA-Z]{3,40}$/.test(hintCode)) return 'Not a hint code.';
        finish(order, 'failed', hintCode);
      }),
    setMaintenance(on) {
      maintenance = on;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

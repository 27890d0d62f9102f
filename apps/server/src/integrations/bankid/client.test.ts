import https from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulatorCertificates } from './certificates.ts';
import { BankIdClient, BankIdError, failedHintCodes } from './client.ts';
import { animatedQrData, secondsSinceOrder } from './qr.ts';
import { createBankIdSimulator, type BankIdSimulator } from './simulator.ts';

const certificates = createSimulatorCertificates();
let clock = Date.parse('2026-05-01T10:00:00Z');
let simulator: BankIdSimulator;
let client: BankIdClient;
const tolvan = { personalNumber: '191212121212', givenName: 'Tolvan', surname: 'Tolvansson' };

beforeAll(async () => {
  simulator = await createBankIdSimulator({ certificates, now: () => clock });
  client = new BankIdClient({ baseUrl: simulator.url, tls: simulator.clientTls });
});
afterAll(async () => {
  client.close();
  await simulator.close();
});

const startOrder = () => client.auth({ endUserIp: '192.0.2.10' });

describe('the BankID client against the simulator', () => {
  it('starts an order and follows it from outstandingTransaction through userSign to complete', async () => {
    const order = await startOrder();
    expect(order.orderRef).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.autoStartToken).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.qrStartSecret).toMatch(/^[0-9a-f-]{36}$/);
    expect(await client.collect(order.orderRef)).toEqual({ orderRef: order.orderRef, status: 'pending', hintCode: 'outstandingTransaction' });

    // the user scans the current animated QR code
    clock += 3_000;
    const scanned = simulator.scanQr(animatedQrData(order.qrStartToken, order.qrStartSecret, secondsSinceOrder(simulator.find(order.orderRef)!.createdAt, clock)));
    expect(scanned.ok).toBe(true);
    expect(await client.collect(order.orderRef)).toMatchObject({ status: 'pending', hintCode: 'userSign' });

    expect(simulator.approve(order.orderRef, tolvan).ok).toBe(true);
    const done = await client.collect(order.orderRef);
    expect(done.status).toBe('complete');
    if (done.status !== 'complete') throw new Error('not complete');
    expect(done.completionData.user).toEqual({ personalNumber: '191212121212', name: 'Tolvan Tolvansson', givenName: 'Tolvan', surname: 'Tolvansson' });
    expect(done.completionData.device.ipAddress).toBe('192.0.2.10');
    expect(done.completionData.signature.length).toBeGreaterThan(10);

    // a completed order can be collected for 3 minutes, then it is gone
    clock += 3 * 60_000 + 1_000;
    await expect(client.collect(order.orderRef)).rejects.toMatchObject({ status: 400, errorCode: 'invalidParameters' });
  });

  it('reports each pending hint code the app can be in', async () => {
    const order = await startOrder();
    for (const hint of ['noClient', 'started', 'userMrtd', 'userCallConfirm', 'userSign', 'someFutureHint']) {
      expect(simulator.setPendingHint(order.orderRef, hint).ok).toBe(true);
      expect(await client.collect(order.orderRef)).toEqual({ orderRef: order.orderRef, status: 'pending', hintCode: hint });
    }
  });

  it('reports every failure hint code, collectable for 5 minutes', async () => {
    for (const hint of failedHintCodes) {
      const order = await startOrder();
      expect(simulator.fail(order.orderRef, hint).ok).toBe(true);
      expect(await client.collect(order.orderRef)).toEqual({ orderRef: order.orderRef, status: 'failed', hintCode: hint });
    }
    const last = await startOrder();
    simulator.fail(last.orderRef, 'userCancel');
    clock += 5 * 60_000 + 1_000;
    await expect(client.collect(last.orderRef)).rejects.toMatchObject({ errorCode: 'invalidParameters' });
  });

  it('expires an order nobody answers after 3 minutes (expiredTransaction)', async () => {
    const order = await startOrder();
    clock += 3 * 60_000 + 1;
    expect(await client.collect(order.orderRef)).toEqual({ orderRef: order.orderRef, status: 'failed', hintCode: 'expiredTransaction' });
  });

  it('refuses a QR code that is forged or older than 30 seconds (startFailed)', async () => {
    const order = await startOrder();
    const found = simulator.find(order.orderRef)!;
    expect(simulator.scanQr(`bankid.${order.qrStartToken}.0.${'0'.repeat(64)}`)).toEqual({ ok: false, reason: 'The QR code is not genuine.' });
    clock += 40_000;
    const stale = simulator.scanQr(animatedQrData(order.qrStartToken, order.qrStartSecret, 2));
    expect(stale.ok).toBe(false);
    expect(await client.collect(found.orderRef)).toMatchObject({ status: 'failed', hintCode: 'startFailed' });
  });

  it('cancels a pending order; collecting or cancelling it again is invalidParameters', async () => {
    const order = await startOrder();
    await client.cancel(order.orderRef);
    await expect(client.collect(order.orderRef)).rejects.toMatchObject({ status: 400, errorCode: 'invalidParameters' });
    await expect(client.cancel(order.orderRef)).rejects.toMatchObject({ status: 400, errorCode: 'invalidParameters' });
  });

  it('answers alreadyInProgress for a second order for the same person, and cancels the first', async () => {
    const first = await client.auth({ endUserIp: '192.0.2.10', requirement: { personalNumber: '191212121212' } });
    const second = client.auth({ endUserIp: '192.0.2.11', requirement: { personalNumber: '191212121212' } });
    await expect(second).rejects.toMatchObject({ status: 400, errorCode: 'alreadyInProgress' });
    expect(await client.collect(first.orderRef)).toMatchObject({ status: 'failed', hintCode: 'cancelled' });
  });

  it('only lets the required person approve', async () => {
    const order = await client.auth({ endUserIp: '192.0.2.10', requirement: { personalNumber: '198112189876' } });
    expect(simulator.approve(order.orderRef, tolvan)).toEqual({ ok: false, reason: 'This order is for another personal number.' });
  });

  it('validates the request and answers errors as { errorCode, details }', async () => {
    const error = await client.auth({ endUserIp: 'not-an-address' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BankIdError);
    expect(error).toMatchObject({ status: 400, errorCode: 'invalidParameters', details: 'Invalid endUserIp.' });
    simulator.setMaintenance(true);
    await expect(startOrder()).rejects.toMatchObject({ status: 503, errorCode: 'maintenance' });
    simulator.setMaintenance(false);
  });

  it('speaks only mutual TLS: a caller without the client certificate is refused', async () => {
    const refused = await new Promise<string>((resolve) => {
      const url = new URL(`${simulator.url}/auth`);
      const request = https.request(url, { method: 'POST', ca: certificates.ca.cert, headers: { 'content-type': 'application/json' } }, (response) => {
        response.resume();
        resolve(`answered ${response.statusCode}`);
      });
      request.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
      request.end('{"endUserIp":"192.0.2.1"}');
    });
    expect(refused).not.toMatch(/^answered/);
    // nor does the client trust a server outside BankID's CA
    const stranger = new BankIdClient({ baseUrl: simulator.url, tls: { ...simulator.clientTls, ca: createSimulatorCertificates().ca.cert } });
    await expect(stranger.auth({ endUserIp: '192.0.2.1' })).rejects.toMatchObject({ status: 0, errorCode: 'networkError' });
    stranger.close();
  });
});

import { describe, expect, it } from 'vitest';
import { bankIdMessage, bankIdView } from './bankid-states.ts';

describe('bankIdView', () => {
  it('is idle before a start, loading while the app on this device is awaited, QR for another device', () => {
    expect(bankIdView({ pending: false, process: null, failureKey: null })).toBe('idle');
    expect(bankIdView({ pending: true, process: null, failureKey: null })).toBe('loading');
    expect(bankIdView({ pending: true, process: { ref: 'r', status: 'process', autoStartToken: 'a' }, failureKey: null })).toBe('loading');
    expect(bankIdView({ pending: true, process: { ref: 'r', status: 'process', qrCodeUri: '/v3/auth/qr?ref=r' }, failureKey: null })).toBe('qr');
  });

  it('offers to try again when time ran out, and goes back to the methods after any other failure', () => {
    expect(bankIdView({ pending: false, process: null, failureKey: 'expiredTransaction' })).toBe('timedOut');
    expect(bankIdView({ pending: false, process: null, failureKey: 'timeout' })).toBe('timedOut');
    for (const key of ['userCancel', 'certificateErr', 'startFailed', 'USER_NOT_FOUND', 'BANKID_UNAVAILABLE']) {
      expect(bankIdView({ pending: false, process: null, failureKey: key }), key).toBe('failed');
    }
  });
});

describe("BankID's recommended user messages", () => {
  it('pending: RFA13 on this device and RFA1 on another while the order waits; RFA9 for the security code', () => {
    expect(bankIdMessage('outstandingTransaction', 'pending', true)).toBe('RFA13');
    expect(bankIdMessage('outstandingTransaction', 'pending', false)).toBe('RFA1');
    expect(bankIdMessage('noClient', 'pending', true)).toBe('RFA1');
    expect(bankIdMessage('started', 'pending', true)).toBe('RFA14');
    expect(bankIdMessage('userSign', 'pending', false)).toBe('RFA9');
    expect(bankIdMessage('userMrtd', 'pending', false)).toBe('RFA21');
    expect(bankIdMessage('somethingNew', 'pending', false)).toBe('RFA21');
  });

  it('failed: each failure hint code to its message, an unknown one to RFA22', () => {
    expect(bankIdMessage('expiredTransaction', 'failed', false)).toBe('RFA8');
    expect(bankIdMessage('certificateErr', 'failed', false)).toBe('RFA16');
    expect(bankIdMessage('userCancel', 'failed', false)).toBe('RFA6');
    expect(bankIdMessage('cancelled', 'failed', false)).toBe('RFA3');
    expect(bankIdMessage('startFailed', 'failed', true)).toBe('RFA17A');
    expect(bankIdMessage('startFailed', 'failed', false)).toBe('RFA17B');
    expect(bankIdMessage('transactionRiskBlocked', 'failed', false)).toBe('RFA22');
  });
});

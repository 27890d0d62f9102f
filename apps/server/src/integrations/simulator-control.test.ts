import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { answerCalls, devPageHandlers, primaryCaller, remoteDevPageControls, type MessageChannel } from './simulator-control.ts';
import type { SimulatorAction } from './bankid/simulator.ts';

/** Two ends of an IPC channel, as the cluster gives a worker and the primary (structured clones). */
function channelPair(): { primary: MessageChannel; worker: MessageChannel } {
  const toPrimary = new EventEmitter();
  const toWorker = new EventEmitter();
  return {
    primary: { on: (event, listener) => toPrimary.on(event, listener), send: (m) => (setImmediate(() => toWorker.emit('message', structuredClone(m))), true) },
    worker: { on: (event, listener) => toWorker.on(event, listener), send: (m) => (setImmediate(() => toPrimary.emit('message', structuredClone(m))), true) },
  };
}

describe('calls from a worker to the simulators in the primary', () => {
  it("reach the BankID simulator's actions and the outbox, with their answers (dates included)", async () => {
    const { primary, worker } = channelPair();
    const approved: unknown[] = [];
    const created = new Date('2026-11-24T10:00:00Z');
    answerCalls(
      primary,
      devPageHandlers({
        bankid: {
          orders: () => [],
          scanQr: () => ({ ok: false, reason: 'This is not a BankID QR code.' }),
          autoStart: () => ({ ok: false, reason: 'none' }),
          setPendingHint: () => ({ ok: false, reason: 'none' }),
          approve: (orderRef, person): SimulatorAction => {
            approved.push([orderRef, person]);
            return { ok: false, reason: 'No such order (it may have expired or been cancelled).' };
          },
          fail: () => ({ ok: false, reason: 'none' }),
        },
        outbox: { list: (filter) => [{ id: '1', kind: 'sms', from: 'Gridline', to: filter?.to ?? '', subject: null, text: 'PIN 1234', html: null, createdAt: created }] },
      }),
    );
    const controls = remoteDevPageControls(primaryCaller(worker), 'key');
    expect(await controls.bankid.scanQr('nonsense')).toEqual({ ok: false, reason: 'This is not a BankID QR code.' });
    await controls.bankid.approve('ref-1', { personalNumber: '191212121212', givenName: 'Tolvan', surname: 'Tolvansson' });
    expect(approved).toEqual([['ref-1', { personalNumber: '191212121212', givenName: 'Tolvan', surname: 'Tolvansson' }]]);
    const [message] = await controls.outbox.list({ to: '+46701234567' });
    expect(message).toMatchObject({ to: '+46701234567', text: 'PIN 1234' });
    expect(message!.createdAt).toEqual(created);
  });

  it('answer only the listed methods, and carry a failure back as an error', async () => {
    const { primary, worker } = channelPair();
    answerCalls(primary, { worker: { setup: () => ({ databaseUrl: 'postgres://x' }), broken: () => Promise.reject(new Error('it broke')) } });
    const call = primaryCaller(worker);
    expect(await call('worker', 'setup')).toEqual({ databaseUrl: 'postgres://x' });
    await expect(call('worker', 'broken')).rejects.toThrow('The primary process answered: it broke');
    await expect(call('worker', 'toString')).rejects.toThrow('no such call: worker.toString');
    await expect(call('bankid', 'approve')).rejects.toThrow('no such call: bankid.approve');
    await expect(call('__proto__', 'constructor')).rejects.toThrow('no such call');
  });

  it('give up when the primary does not answer', async () => {
    const { worker } = channelPair();
    await expect(primaryCaller(worker, 50)('worker', 'setup')).rejects.toThrow('The primary process did not answer worker.setup within 50 ms');
  });
});

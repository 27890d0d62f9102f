import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Outbox } from '../outbox/outbox.ts';
import { ElksSmsClient, SmsError } from './client.ts';
import { createSmsSimulator, type SmsSimulator } from './simulator.ts';

const outbox = new Outbox();
let simulator: SmsSimulator;
beforeAll(async () => {
  simulator = await createSmsSimulator({ outbox });
});
afterAll(async () => {
  await simulator.close();
});

const client = (overrides: Partial<{ username: string; password: string; from: string }> = {}) =>
  new ElksSmsClient({ baseUrl: simulator.url, username: simulator.username, password: simulator.password, from: 'Solvik', ...overrides });

describe('the 46elks SMS client against the simulator', () => {
  it('sends with Basic authentication and a form body; the simulator keeps the message in the outbox', async () => {
    const sent = await client().send({ to: '+46701234567', text: '1234 är din kod' });
    expect(sent.id).toMatch(/^s[0-9a-f]{32}$/);
    expect(outbox.list({ kind: 'sms' })[0]).toMatchObject({ from: 'Solvik', to: '+46701234567', text: '1234 är din kod' });
  });

  it('reports refusals with their status and reason', async () => {
    await expect(client({ password: 'wrong' }).send({ to: '+46701234567', text: 'x' })).rejects.toMatchObject({ status: 401 });
    await expect(client().send({ to: '0701234567', text: 'x' })).rejects.toBeInstanceOf(SmsError);
    expect(() => client({ from: 'Solvik Energi AB' })).toThrow(/sender/);
  });
});

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Outbox } from '../outbox/outbox.ts';
import { listenLocally } from '../simulator-server.ts';
import { isE164, isValidSender } from './client.ts';

/**
 * A local stand-in for the 46elks SMS API (`POST /a1/sms`, Basic authentication, form body
 * `from`, `to`, `message`). Accepted messages go to the outbox; the answer is the created
 * message as 46elks gives it; refusals are 401/403 with a plain-text reason, as 46elks does.
 */
export interface SmsSimulator {
  /** Use as the client's baseUrl, like `https://api.46elks.com/a1`. */
  url: string;
  username: string;
  password: string;
  close(): Promise<void>;
}

export async function createSmsSimulator(options: { outbox: Outbox; port?: number; host?: string }): Promise<SmsSimulator> {
  const username = `u${randomBytes(8).toString('hex')}`;
  const password = randomBytes(12).toString('hex');
  const expected = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const reply = (status: number, body: string, type = 'text/plain; charset=utf-8') => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if ((request.url ?? '').split('?')[0] !== '/a1/sms') return reply(404, 'Not found');
    if (request.method !== 'POST') return reply(405, 'Method not allowed');
    if (request.headers.authorization !== expected) return reply(401, 'API access requires Basic HTTP authentication.');
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const from = form.get('from') ?? '';
      const to = form.get('to') ?? '';
      const message = form.get('message') ?? '';
      if (!isValidSender(from)) return reply(403, 'Invalid from number');
      if (!isE164(to)) return reply(403, 'Invalid to number');
      if (!message) return reply(403, 'Missing key message');
      const stored = options.outbox.add({ kind: 'sms', from, to, subject: null, text: message, html: null });
      const id = `s${randomBytes(16).toString('hex')}`;
      const parts = Math.max(1, Math.ceil(message.length / 160));
      reply(
        200,
        JSON.stringify({ status: 'created', direction: 'outgoing', from, to, message, created: stored.createdAt.toISOString(), parts, cost: parts * 3500, id }),
        'application/json',
      );
    });
  };

  const server = await listenLocally(createServer(handle), options);
  return {
    url: `${server.origin}/a1`,
    username,
    password,
    close: server.close,
  };
}

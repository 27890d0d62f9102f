import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SimulatedOrder } from '../../integrations/bankid/simulator.ts';
import type { OutboxMessage } from '../../integrations/outbox/outbox.ts';
import type { BankIdControls, OutboxReader } from '../../integrations/simulator-control.ts';
import { AppError } from '../../lib/errors.ts';
import { SERVER_PAGE_CSP } from '../../plugins/security.ts';
import type { DevRepository } from './repository.ts';
import type { DevClock } from '../../lib/dev-clock.ts';
import { escapeHtml } from '../../lib/html.ts';

/**
 * Development pages, registered only while the sign-in simulators run (never with real
 * services): the outbox of SMS and e-mails the simulators received, and the "test BankID app"
 * where a tester scans or opens an order and approves or cancels it as a given person.
 * Plain server-rendered HTML, in English, usable with the keyboard and a screen reader.
 */

/** Text with its http(s) addresses as links. */
const linkify = (text: string) =>
  escapeHtml(text).replace(/https?:\/\/[^\s<&]+(?:&amp;[^\s<&]+)*/g, (url) => `<a href="${url}">${url}</a>`);

const STYLE =
  'body{font-family:system-ui,sans-serif;max-width:60rem;margin:1.5rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.45}' +
  'h1{font-size:1.6rem}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #ccc;padding:.45rem;text-align:left;vertical-align:top}' +
  'pre{white-space:pre-wrap;margin:0;font:inherit}a{color:#1d4ed8}:focus-visible{outline:3px solid #b45309;outline-offset:2px}' +
  'button{font:inherit;padding:.4rem .8rem;border-radius:.35rem;border:1px solid #1d4ed8;background:#1d4ed8;color:#fff;cursor:pointer}' +
  'button.secondary{background:#fff;color:#1d4ed8}input,select{font:inherit;padding:.35rem}label{display:block;margin:.4rem 0 .15rem;font-weight:600}' +
  '.order{border:1px solid #ccc;border-radius:.5rem;padding:1rem;margin:1rem 0}.status{padding:.6rem;background:#eef6ff;border-radius:.35rem}.muted{color:#555}';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;

const time = (date: Date | number) => new Date(date).toISOString().replace('T', ' ').slice(0, 19) + ' UTC';

function outboxRow(message: OutboxMessage): string {
  const body = message.kind === 'sms' ? `<pre>${linkify(message.text)}</pre>` : `<strong>${escapeHtml(message.subject ?? '')}</strong><pre>${linkify(message.text)}</pre>`;
  return `<tr><td>${time(message.createdAt)}</td><td>${message.kind === 'sms' ? 'SMS' : 'E-mail'}</td><td>${escapeHtml(message.to)}</td><td>${escapeHtml(message.from)}</td><td>${body}</td></tr>`;
}

const HINTS = [
  { code: 'noClient', label: 'pending: the app has not been started (noClient)' },
  { code: 'started', label: 'pending: searching for the BankID (started)' },
  { code: 'userSign', label: 'pending: waiting for the security code (userSign)' },
  { code: 'certificateErr', label: 'failed: the BankID is blocked or too old (certificateErr)', fail: true },
  { code: 'startFailed', label: 'failed: the app could not be started or the QR code read (startFailed)', fail: true },
  { code: 'expiredTransaction', label: 'failed: the order expired (expiredTransaction)', fail: true },
] as const;

/** The cookie that keeps the key after the banner's link was opened once, for the pages' own links and forms. */
const KEY_COOKIE = 'gridline_dev_key';

function sameKey(sent: string | undefined, key: string): boolean {
  if (!sent) return false;
  const a = createHash('sha256').update(sent).digest();
  const b = createHash('sha256').update(key).digest();
  return timingSafeEqual(a, b);
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/**
 * The development pages open only with the key printed in the banner (`?key=`), or with the
 * cookie the first visit sets (decision 0019): they let anyone sign in as any demo customer and
 * show PINs and sign-in links. Without it they answer exactly what an unknown address answers.
 */
export function devKeyGuard(key: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const fromQuery = (request.query as { key?: unknown } | undefined)?.key;
    const sent = typeof fromQuery === 'string' ? fromQuery : cookieValue(request.headers.cookie, KEY_COOKIE);
    if (!sameKey(sent, key)) throw new AppError('NOT_FOUND', { message: `No route ${request.method} ${request.url.split('?')[0]}` });
    // Lax, not Strict: the portal's "Start the BankID app" link comes from an organisation's host
    // (solvik.localhost, another site than localhost), and a Strict cookie stays behind on that
    // navigation. The pages' forms post from their own origin; Lax keeps the cookie off
    // cross-site posts all the same.
    if (typeof fromQuery === 'string') reply.header('set-cookie', `${KEY_COOKIE}=${key}; Path=/dev; HttpOnly; SameSite=Lax`);
  };
}

export function devRoutes(app: FastifyInstance, deps: { outbox: OutboxReader; bankid: BankIdControls; repository: DevRepository; key: string; clock?: DevClock }): void {
  // Encapsulated, so that HTML forms (urlencoded bodies) are read only here.
  void app.register(async (scope) => {
    scope.addHook('onRequest', devKeyGuard(deps.key));
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    devPages(scope, deps);
  });
}

function devPages(app: FastifyInstance, deps: { outbox: OutboxReader; bankid: BankIdControls; repository: DevRepository; clock?: DevClock }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = { hide: true } as const;
  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SERVER_PAGE_CSP).send(body);

  r.get('/dev/outbox', { schema }, async (_request, reply) => {
    const messages = await deps.outbox.list();
    const rows = messages.map(outboxRow).join('');
    return html(
      reply,
      page(
        'Outbox – Gridline development',
        `<h1>Outbox</h1><p class="muted">Text messages and e-mails the local simulators received, newest first. Nothing here was delivered. <a href="/dev/outbox">Refresh</a></p>` +
          (messages.length === 0
            ? '<p>No messages yet.</p>'
            : `<table><caption class="muted">${messages.length} message${messages.length === 1 ? '' : 's'}</caption><thead><tr><th scope="col">Sent</th><th scope="col">Kind</th><th scope="col">To</th><th scope="col">From</th><th scope="col">Message</th></tr></thead><tbody>${rows}</tbody></table>`),
      ),
    );
  });

  // The development clock (decision 0051): how far this process's clock is from the machine's, and
  // moving it, at most a year either way; `offsetSeconds: 0` puts it back.
  const clock = deps.clock;
  if (clock) {
    const clockAnswer = () => ({ status: 200, data: { offsetSeconds: clock.offsetSeconds, now: new Date(clock.now()).toISOString() } });
    r.get('/dev/clock.json', { schema }, async () => clockAnswer());
    r.put(
      '/dev/clock.json',
      { schema: { ...schema, body: z.object({ offsetSeconds: z.number().int().min(-366 * 86_400).max(366 * 86_400) }).strict() } },
      async (request) => {
        clock.setOffsetSeconds(request.body.offsetSeconds);
        return clockAnswer();
      },
    );
  }

  r.get('/dev/outbox.json', { schema: { ...schema, querystring: z.object({ to: z.string().optional(), kind: z.enum(['sms', 'email']).optional() }) } }, async (request) => ({
    status: 200,
    data: await deps.outbox.list(request.query),
  }));

  const personOptions = async () => {
    const [persons, admins] = await Promise.all([deps.repository.persons(), deps.repository.admins()]);
    const option = (personalId: string, firstName: string, lastName: string, note: string) =>
      `<option value="${escapeHtml(`${personalId}|${firstName}|${lastName}`)}">${escapeHtml(`${firstName} ${lastName}, ${personalId} (${note})`)}</option>`;
    return [
      ...persons.filter((p) => p.country === 'SE').map((p) => option(p.personalId, p.firstName, p.lastName, `${p.organisation}${p.hasAccount ? '' : ', no account yet'}`)),
      // Staff: the back office's BankID sign-in, and support mode's admin BankID (the admin identifies as themselves).
      ...admins.map((a) => option(a.personalId, a.firstName, a.lastName, `${a.organisation ?? 'platform'} staff`)),
    ].join('');
  };

  const orderSection = (order: SimulatedOrder, options: string, now: number) => {
    const seconds = Math.floor((now - order.createdAt) / 1000);
    const heading = `<h3>Order ${escapeHtml(order.orderRef.slice(0, 8))} <span class="muted">(${seconds} s ago, from ${escapeHtml(order.endUserIp)})</span></h3>`;
    if (order.status !== 'pending') {
      const who = order.completionData ? ` as ${escapeHtml(order.completionData.user.name)}` : '';
      return `<section class="order" aria-label="Order ${escapeHtml(order.orderRef.slice(0, 8))}">${heading}<p>${order.status === 'complete' ? `Approved${who}` : `Failed: ${escapeHtml(order.hintCode)}`}</p></section>`;
    }
    const id = escapeHtml(order.orderRef);
    const base = `/dev/bankid/orders/${encodeURIComponent(order.orderRef)}`;
    return (
      `<section class="order" aria-label="Order ${escapeHtml(order.orderRef.slice(0, 8))}">${heading}<p>Waiting: <strong>${escapeHtml(order.hintCode)}</strong>${order.requiredPersonalNumber ? ` — only for ${escapeHtml(order.requiredPersonalNumber)}` : ''}</p>` +
      `<form method="post" action="${base}/approve"><label for="person-${id}">Identify as</label><select id="person-${id}" name="person">${options}<option value="">another personal number (below)</option></select>` +
      `<label for="pno-${id}">Other personal number (YYYYMMDDNNNN)</label><input id="pno-${id}" name="personalNumber" inputmode="numeric" autocomplete="off" pattern="\\d{12}">` +
      `<p><button type="submit">Identify</button></p></form>` +
      `<form method="post" action="${base}/cancel"><button type="submit" class="secondary">Cancel in the app</button></form>` +
      `<form method="post" action="${base}/hint"><label for="hint-${id}">Or let something else happen</label><select id="hint-${id}" name="hint">${HINTS.map((h) => `<option value="${h.code}">${escapeHtml(h.label)}</option>`).join('')}</select> <button type="submit" class="secondary">Apply</button></form></section>`
    );
  };

  r.get('/dev/bankid', { schema: { ...schema, querystring: z.object({ autostarttoken: z.string().max(100).optional(), message: z.string().max(300).optional() }) } }, async (request, reply) => {
    let message = request.query.message ?? '';
    if (request.query.autostarttoken) {
      const started = await deps.bankid.autoStart(request.query.autostarttoken);
      message = started.ok ? 'The app was started for the order below: identify, or cancel.' : started.reason;
    }
    const now = Date.now();
    const options = await personOptions();
    const orders = await deps.bankid.orders();
    const pending = orders.filter((o) => o.status === 'pending');
    const finished = orders.filter((o) => o.status !== 'pending').slice(0, 5);
    return html(
      reply,
      page(
        'Test BankID app – Gridline development',
        `<h1>Test BankID app</h1><p class="muted">Stands in for the BankID app against the local BankID simulator. <a href="/dev/bankid">Refresh</a></p>` +
          (message ? `<p class="status" role="status">${escapeHtml(message)}</p>` : '') +
          `<h2>Scan a QR code</h2><form method="post" action="/dev/bankid/scan"><label for="qr">The QR code's content (bankid.…)</label><input id="qr" name="qr" size="70" autocomplete="off"> <button type="submit">Scan</button></form>` +
          `<h2>Orders waiting</h2>${pending.length === 0 ? '<p>No order is waiting.</p>' : pending.map((o) => orderSection(o, options, now)).join('')}` +
          (finished.length > 0 ? `<h2>Recently finished</h2>${finished.map((o) => orderSection(o, options, now)).join('')}` : ''),
      ),
    );
  });

  const back = (reply: FastifyReply, message: string) => reply.redirect(`/dev/bankid?message=${encodeURIComponent(message)}`, 303);
  const form = z.record(z.string(), z.string());

  r.post('/dev/bankid/scan', { schema: { ...schema, body: form } }, async (request, reply) => {
    const result = await deps.bankid.scanQr(request.body.qr ?? '');
    return back(reply, result.ok ? `Scanned order ${result.order.orderRef.slice(0, 8)}: identify, or cancel.` : result.reason);
  });

  r.post('/dev/bankid/orders/:orderRef/:action', { schema: { ...schema, params: z.object({ orderRef: z.string().max(100), action: z.enum(['approve', 'cancel', 'hint']) }), body: form } }, async (request, reply) => {
    const { orderRef, action } = request.params;
    if (action === 'cancel') {
      const result = await deps.bankid.fail(orderRef, 'userCancel');
      return back(reply, result.ok ? 'Cancelled in the app.' : result.reason);
    }
    if (action === 'hint') {
      const hint = HINTS.find((h) => h.code === request.body.hint);
      if (!hint) return back(reply, 'Choose what should happen.');
      const result = 'fail' in hint ? await deps.bankid.fail(orderRef, hint.code) : await deps.bankid.setPendingHint(orderRef, hint.code);
      return back(reply, result.ok ? `The order now says ${hint.code}.` : result.reason);
    }
    const typed = (request.body.personalNumber ?? '').trim();
    const [personalNumber, givenName, surname] = typed ? [typed, 'Test', 'Testsson'] : (request.body.person ?? '').split('|');
    const result = await deps.bankid.approve(orderRef, { personalNumber: personalNumber ?? '', givenName: givenName ?? '', surname: surname ?? '' });
    return back(reply, result.ok ? `Identified as ${givenName} ${surname}.` : result.reason);
  });
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { StaffFeedback, StaffSupportMessage, SupportConversation, SupportConversationDetail, SupportMessage } from '@gridline/contracts/support';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { DEMO_PLATFORM_ADMIN, demoStaffEmail } from '../../demo/staff.ts';

/**
 * Support messages and feedback (issue 17, decision 0047): the customer's calls with their own,
 * another customer's and another organisation's tokens and a support session; the staff's with
 * the right scope, a scope without the right, another organisation's staff and the platform's;
 * bad input changes nothing; every staff change is audited.
 */

let t: TestApp;
/** When the running test began: its audit entries are those after it (the log is append-only). */
let testStart = new Date();
const staff = { support: '', admin: '', marketing: '', otherAdmin: '', platform: '' };
const customers = { demo: { token: '', userId: '', accountId: '' }, business: { token: '', userId: '' }, other: { token: '', userId: '' } };

const messages = (token: string, query = '') => call(t.app, { method: 'GET', url: `/v4/solvik/support/messages${query}`, token });
const send = (token: string, payload: unknown) => call(t.app, { method: 'POST', url: '/v4/solvik/support/messages', token, payload: payload as object });
const conversations = (token: string, query = '') => call(t.app, { method: 'GET', url: `/v3/data/support/conversations${query}`, token });
const conversation = (token: string, userId: string, query = '') =>
  call(t.app, { method: 'GET', url: `/v3/data/support/conversations/${userId}${query}`, token });
const reply = (token: string, userId: string, payload: unknown, query = '') =>
  call(t.app, { method: 'POST', url: `/v3/data/support/conversations/${userId}/messages${query}`, token, payload: payload as object });
const auditOf = (action: string) =>
  t.db
    .selectFrom('audit_logs')
    .select(['action', 'actor_email', 'subject_id', 'before', 'after', 'data'])
    .where('action', '=', action)
    .where('created_at', '>=', testStart)
    .orderBy('created_at')
    .execute();
const countMessages = async () =>
  Number(
    (
      await t.db
        .selectFrom('support_messages')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
const countFeedback = async () =>
  Number(
    (
      await t.db
        .selectFrom('support_feedback')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The read-only support session (INSPECTOR) of the demo customer, opened by support staff. */
async function inspectorToken(): Promise<string> {
  const session = await call(t.app, {
    method: 'POST',
    url: '/v4/solvik/inspectors/session',
    token: staff.support,
    payload: { accountId: customers.demo.accountId, userId: customers.demo.userId },
  });
  expect(session.status).toBe(200);
  const tokens = await call(t.app, { method: 'GET', url: `/v4/solvik/account/sessions/accessToken?ref=${session.body.data.ref}` });
  return tokens.body.data.auths[0].accessToken as string;
}

const badTexts: Array<[string, unknown, string]> = [
  ['empty', '', 'SUPPORT_TEXT_REQUIRED'],
  ['only spaces', '   \n ', 'SUPPORT_TEXT_REQUIRED'],
  ['too long', 'x'.repeat(2001), 'SUPPORT_TEXT_TOO_LONG'],
  ['a NUL byte', 'hello\u0000there', 'INVALID_CHARACTERS'],
  ['not text', 42, 'VALIDATION_FAILED'],
];

beforeAll(async () => {
  t = await startTestApp();
  staff.support = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_SUPPORT'))).accessToken;
  staff.admin = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_ADMIN'))).accessToken;
  staff.marketing = (await staffSignIn(t.app, 'solvik', demoStaffEmail('solvik', 'ORG_MARKETING'))).accessToken;
  staff.otherAdmin = (await staffSignIn(t.app, 'koivu', demoStaffEmail('koivu', 'ORG_ADMIN'))).accessToken;
  staff.platform = (await staffSignIn(t.app, 'solvik', DEMO_PLATFORM_ADMIN)).accessToken;
  const [demo] = await signIn(t.app, 'solvik', 'demo');
  const [business] = await signIn(t.app, 'solvik', 'business');
  const [other] = await signIn(t.app, 'fjellkraft', 'demo');
  customers.demo = { token: demo!.accessToken, userId: demo!.userId, accountId: demo!.accountId };
  customers.business = { token: business!.accessToken, userId: business!.userId };
  customers.other = { token: other!.accessToken, userId: other!.userId };
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  testStart = new Date();
  await t.db.deleteFrom('support_messages').execute();
  await t.db.deleteFrom('support_feedback').execute();
});

describe('the customer’s messages', () => {
  it('sends a message, trimmed, and lists only the customer’s own; another customer and another organisation see none of it', async () => {
    const sent = await send(customers.demo.token, { text: '  My October invoice looks too high.\nCan you check it?  ' });
    expect(sent.status).toBe(200);
    const message = SupportMessage.parse(sent.body.data);
    expect(message).toMatchObject({ from: 'customer', text: 'My October invoice looks too high.\nCan you check it?', read: false });

    const mine = await messages(customers.demo.token);
    expect(mine.status).toBe(200);
    expect(mine.response.headers['cache-control']).toBe('no-store');
    expect(mine.body.data.map((m: SupportMessage) => m._id)).toEqual([message._id]);

    expect((await messages(customers.business.token)).body.data).toEqual([]);
    // fjellkraft's customer under solvik's prefix: their token is not solvik's
    expect((await messages(customers.other.token)).status).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/v4/fjellkraft/support/messages', token: customers.other.token })).body.data).toEqual([]);
    expect((await messages('')).status).toBe(401);
    // staff do not write as a customer
    expect((await send(staff.support, { text: 'Hello' })).status).toBe(401);
  });

  it.each(badTexts)('refuses %s with 400 and stores nothing', async (_name, text, key) => {
    const res = await send(customers.demo.token, { text });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe(key);
    expect(await countMessages()).toBe(0);
  });

  it('refuses an extra field', async () => {
    const res = await send(customers.demo.token, { text: 'Hello', from: 'support' });
    expect(res.status).toBe(400);
    expect(await countMessages()).toBe(0);
  });

  it('a support session (INSPECTOR) reads the messages but neither sends nor marks read', async () => {
    await send(customers.demo.token, { text: 'Question' });
    expect((await reply(staff.support, customers.demo.userId, { text: 'Answer' })).status).toBe(200);
    const inspector = await inspectorToken();
    const read = await messages(inspector);
    expect(read.status).toBe(200);
    expect(read.body.data.map((m: SupportMessage) => m.text)).toEqual(['Question', 'Answer']);

    const marking = await messages(inspector, '?markAsRead=true');
    expect(marking.status).toBe(403);
    expect(marking.body.key).toBe('READ_ONLY_SESSION');
    const sending = await send(inspector, { text: 'Written by an inspector' });
    expect(sending.status).toBe(403);
    expect(sending.body.key).toBe('READ_ONLY_SESSION');
    const feedback = await call(t.app, { method: 'POST', url: '/v4/solvik/support/feedback', token: inspector, payload: { text: 'Written by an inspector' } });
    expect(feedback.status).toBe(403);

    const after = (await messages(customers.demo.token)).body.data as SupportMessage[];
    expect(after.map((m) => [m.text, m.read])).toEqual([
      ['Question', true],
      ['Answer', false],
    ]);
    expect(await countFeedback()).toBe(0);
  });
});

describe('staff answer in a conversation', () => {
  it('support staff list the conversation unanswered first, read it, answer it; the customer sees the reply unread, then read', async () => {
    await send(customers.business.token, { text: 'An older question' });
    expect((await reply(staff.support, customers.business.userId, { text: 'Answered already' })).status).toBe(200);
    await send(customers.demo.token, { text: 'First question' });
    await send(customers.demo.token, { text: 'Second question' });

    const listed = await conversations(staff.support);
    expect(listed.status).toBe(200);
    const list = listed.body.data.map((c: unknown) => SupportConversation.parse(c));
    expect(list.map((c: SupportConversation) => [c.userId, c.unanswered, c.unread, c.messages])).toEqual([
      [customers.demo.userId, true, 2, 2],
      [customers.business.userId, false, 0, 2],
    ]);
    expect(list[0]).toMatchObject({ lastFrom: 'customer', lastText: 'Second question' });
    const waiting = await conversations(staff.support, '?status=unanswered');
    expect(waiting.body.pagination.total).toBe(1);
    expect(waiting.body.data.map((c: SupportConversation) => c.userId)).toEqual([customers.demo.userId]);

    const opened = await conversation(staff.support, customers.demo.userId, '?markAsRead=true');
    expect(opened.status).toBe(200);
    const detail = SupportConversationDetail.parse(opened.body.data);
    expect(detail.messages.map((m) => [m.text, m.from, m.read])).toEqual([
      ['First question', 'customer', true],
      ['Second question', 'customer', true],
    ]);
    expect(await auditOf('support.read')).toMatchObject([
      { actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'), subject_id: customers.demo.userId, data: { messages: 2 } },
    ]);

    const answered = await reply(staff.support, customers.demo.userId, { text: 'We have checked it: it includes a correction.' });
    expect(answered.status).toBe(200);
    expect(StaffSupportMessage.parse(answered.body.data)).toMatchObject({ from: 'support', author: demoStaffEmail('solvik', 'ORG_SUPPORT'), read: false });
    expect(await auditOf('support.reply')).toMatchObject([
      { actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'), subject_id: customers.business.userId },
      {
        actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'),
        subject_id: customers.demo.userId,
        after: { text: 'We have checked it: it includes a correction.' },
      },
    ]);
    expect((await conversations(staff.support, '?status=unanswered')).body.pagination.total).toBe(0);

    // the customer: the reply unread (no staff e-mail), then read once opened with markAsRead
    const unread = (await messages(customers.demo.token)).body.data as SupportMessage[];
    expect(unread.at(-1)).toMatchObject({ from: 'support', text: 'We have checked it: it includes a correction.', read: false });
    expect(unread.at(-1)).not.toHaveProperty('author');
    const opening = await messages(customers.demo.token, '?markAsRead=true');
    expect(opening.body.data.at(-1).read).toBe(true);
    expect((await messages(customers.demo.token)).body.data.filter((m: SupportMessage) => m.from === 'support' && !m.read)).toEqual([]);
    // the other customer's reply is still unread
    expect((await messages(customers.business.token)).body.data.at(-1).read).toBe(false);
  });

  it('organisation admins and the platform answer too; marketing and customers may not; another organisation’s staff get 404', async () => {
    await send(customers.demo.token, { text: 'Question' });
    expect((await conversations(staff.admin)).body.data).toHaveLength(1);
    expect((await reply(staff.admin, customers.demo.userId, { text: 'From the admin' })).status).toBe(200);

    // platform staff name the organisation
    const unnamed = await conversations(staff.platform);
    expect(unnamed.status).toBe(400);
    expect((await conversations(staff.platform, '?organisation=solvik')).body.data).toHaveLength(1);
    expect((await reply(staff.platform, customers.demo.userId, { text: 'From the platform' }, '?organisation=solvik')).status).toBe(200);

    const forbidden = await conversations(staff.marketing);
    expect(forbidden.status).toBe(403);
    expect((await reply(staff.marketing, customers.demo.userId, { text: 'Marketing' })).status).toBe(403);
    expect((await conversations(customers.demo.token)).status).toBe(403);
    expect((await conversations('')).status).toBe(401);

    // koivu's admin: solvik is 404; their own organisation has no such customer
    expect((await conversations(staff.otherAdmin, '?organisation=solvik')).status).toBe(404);
    expect((await conversations(staff.otherAdmin)).body.data).toEqual([]);
    expect((await conversation(staff.otherAdmin, customers.demo.userId)).status).toBe(404);
    expect((await conversation(staff.otherAdmin, customers.demo.userId, '?organisation=solvik')).status).toBe(404);
    expect((await reply(staff.otherAdmin, customers.demo.userId, { text: 'Not yours' })).status).toBe(404);
    // a customer of another organisation under solvik
    expect((await conversation(staff.support, customers.other.userId)).status).toBe(404);
    expect((await reply(staff.support, customers.other.userId, { text: 'Wrong customer' })).status).toBe(404);

    const texts = (await messages(customers.demo.token)).body.data.map((m: SupportMessage) => m.text);
    expect(texts).toEqual(['Question', 'From the admin', 'From the platform']);
  });

  it.each(badTexts)('refuses a reply with %s with 400 and changes nothing', async (_name, text, key) => {
    await send(customers.demo.token, { text: 'Question' });
    const res = await reply(staff.support, customers.demo.userId, { text });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe(key);
    expect(await countMessages()).toBe(1);
    expect((await messages(customers.demo.token)).body.data[0].read).toBe(false);
    expect(await auditOf('support.reply')).toEqual([]);
  });
});

describe('feedback', () => {
  const leave = (token: string, payload: unknown) => call(t.app, { method: 'POST', url: '/v4/solvik/support/feedback', token, payload: payload as object });
  const mine = (token: string) => call(t.app, { method: 'GET', url: '/v4/solvik/support/feedback', token });
  const list = (token: string, query = '') => call(t.app, { method: 'GET', url: `/v3/data/feedback${query}`, token });
  const one = (token: string, id: string, method: 'GET' | 'PUT' | 'DELETE' = 'GET', payload?: unknown, query = '') =>
    call(t.app, { method, url: `/v3/data/feedback/${id}${query}`, token, ...(payload ? { payload: payload as object } : {}) });

  it('a customer leaves feedback and sees their own with its date; another customer does not', async () => {
    const res = await leave(customers.demo.token, { text: 'The analysis page is great.' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ text: 'The analysis page is great.' });
    expect(Number.isNaN(Date.parse(res.body.data.date))).toBe(false);
    expect((await mine(customers.demo.token)).body.data).toEqual([res.body.data]);
    expect((await mine(customers.business.token)).body.data).toEqual([]);
    expect((await mine(customers.other.token)).status).toBe(401);
  });

  it.each(badTexts)('refuses feedback with %s with 400 and stores nothing', async (_name, text, key) => {
    const res = await leave(customers.demo.token, { text });
    expect(res.status).toBe(400);
    expect(res.body.key).toBe(key);
    const staffRes = await call(t.app, { method: 'POST', url: '/v3/data/feedback', token: staff.support, payload: { text } });
    expect(staffRes.status).toBe(400);
    expect(staffRes.body.key).toBe(key);
    expect(await countFeedback()).toBe(0);
  });

  it('staff list, read, mark handled with a note, export as CSV and delete, each change audited', async () => {
    const id = (await leave(customers.demo.token, { text: '=HYPERLINK("x") is how I feel, "quoted", ok' })).body.data._id as string;
    await leave(customers.business.token, { text: 'Second' });

    const listed = await list(staff.support);
    expect(listed.status).toBe(200);
    expect(listed.body.pagination.total).toBe(2);
    const entries = listed.body.data.map((f: unknown) => StaffFeedback.parse(f));
    expect(entries.map((f: StaffFeedback) => f.text)).toEqual(['Second', '=HYPERLINK("x") is how I feel, "quoted", ok']);
    expect(entries[1]).toMatchObject({ organisation: 'solvik', userId: customers.demo.userId, handled: false, note: '' });
    expect(entries[1].name).not.toBe('');

    const updated = await one(staff.support, id, 'PUT', { handled: true, note: 'Forwarded to the web team.' });
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ handled: true, note: 'Forwarded to the web team.', updatedBy: demoStaffEmail('solvik', 'ORG_SUPPORT') });
    expect((await one(staff.support, id)).body.data).toMatchObject({ handled: true });
    expect((await list(staff.support, '?handled=false')).body.data.map((f: StaffFeedback) => f.text)).toEqual(['Second']);
    expect(await auditOf('feedback.update')).toMatchObject([
      { subject_id: id, before: { handled: false, note: '' }, after: { handled: true, note: 'Forwarded to the web team.' } },
    ]);

    const exported = await call(t.app, { method: 'GET', url: '/v3/data/feedback/export?format=csv', token: staff.support });
    expect(exported.status).toBe(200);
    expect(exported.response.headers['content-type']).toContain('text/csv');
    expect(exported.response.headers['content-disposition']).toBe('attachment; filename="feedback-solvik.csv"');
    const lines = exported.response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('date,text,handled,note,name,email,updatedBy,updatedAt');
    expect(lines).toHaveLength(3);
    // a formula is defused and quotes are doubled
    expect(lines[2]).toContain(`"'=HYPERLINK(""x"") is how I feel, ""quoted"", ok",true,Forwarded to the web team.`);
    expect(await auditOf('feedback.export')).toMatchObject([{ actor_email: demoStaffEmail('solvik', 'ORG_SUPPORT'), data: { rows: 2 } }]);

    const deleted = await one(staff.support, id, 'DELETE');
    expect(deleted.status).toBe(200);
    expect((await one(staff.support, id)).status).toBe(404);
    expect(await auditOf('feedback.delete')).toMatchObject([
      { subject_id: id, before: { text: '=HYPERLINK("x") is how I feel, "quoted", ok', handled: true } },
    ]);
    expect((await mine(customers.demo.token)).body.data).toEqual([]);
  });

  it('staff record feedback for a customer of their organisation only', async () => {
    const created = await call(t.app, {
      method: 'POST',
      url: '/v3/data/feedback',
      token: staff.support,
      payload: { text: 'Called about the outage notice.', userId: customers.demo.userId },
    });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      userId: customers.demo.userId,
      text: 'Called about the outage notice.',
      updatedBy: demoStaffEmail('solvik', 'ORG_SUPPORT'),
    });
    expect(await auditOf('feedback.create')).toHaveLength(1);
    const foreign = await call(t.app, {
      method: 'POST',
      url: '/v3/data/feedback',
      token: staff.support,
      payload: { text: 'Wrong customer', userId: customers.other.userId },
    });
    expect(foreign.status).toBe(404);
    const anonymous = await call(t.app, { method: 'POST', url: '/v3/data/feedback', token: staff.support, payload: { text: 'From a letter' } });
    expect(anonymous.body.data).toMatchObject({ userId: null, name: null, email: null });
    expect(await countFeedback()).toBe(2);
  });

  it('another organisation’s staff, marketing and customers reach none of it; bad updates change nothing', async () => {
    const id = (await leave(customers.demo.token, { text: 'Mine' })).body.data._id as string;
    expect((await list(staff.otherAdmin)).body.data).toEqual([]);
    expect((await list(staff.otherAdmin, '?organisation=solvik')).status).toBe(404);
    expect((await one(staff.otherAdmin, id)).status).toBe(404);
    expect((await one(staff.otherAdmin, id, 'PUT', { handled: true, note: '' })).status).toBe(404);
    expect((await one(staff.otherAdmin, id, 'DELETE')).status).toBe(404);
    expect((await call(t.app, { method: 'GET', url: '/v3/data/feedback/export?organisation=solvik', token: staff.otherAdmin })).status).toBe(404);
    expect((await list(staff.marketing)).status).toBe(403);
    expect((await one(staff.marketing, id, 'DELETE')).status).toBe(403);
    expect((await list(customers.demo.token)).status).toBe(403);
    expect((await list(staff.platform, '?organisation=solvik')).body.data).toHaveLength(1);
    expect((await one(staff.platform, id, 'GET', undefined, '?organisation=solvik')).status).toBe(200);

    for (const body of [
      { handled: 'yes', note: '' },
      { handled: true, note: 'x'.repeat(1001) },
      { handled: true, note: 'a\u0000b' },
      { handled: true, note: '', text: 'rewritten' },
    ]) {
      expect((await one(staff.support, id, 'PUT', body)).status).toBe(400);
    }
    expect((await one(staff.support, id)).body.data).toMatchObject({ text: 'Mine', handled: false, note: '', updatedBy: null });
    expect(await auditOf('feedback.update')).toEqual([]);
    expect(await auditOf('feedback.delete')).toEqual([]);
  });
});

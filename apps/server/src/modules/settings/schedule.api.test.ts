import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffSignIn } from '../../../test/app.ts';
import { startSignInTestApp, type SignInTestApp } from '../../../test/sign-in.ts';

/**
 * A scheduled release under the development clock (decisions 0051, 0054), with the mail of the
 * simulators: a schedule whose draft changes is suspended and its author is e-mailed; scheduled
 * again, it publishes when the clock passes its time, in the API process, as the job does by the
 * real clock.
 */

let t: SignInTestApp;
let marketing = '';
beforeAll(async () => {
  t = await startSignInTestApp();
  marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
});
afterAll(async () => {
  await t.close();
});

const as = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) => call(t.app, { method, url, token: marketing, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const primaryColor = async () => (await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' })).body.data.theme.primaryColor as string;
/** A time from now (the development clock has not moved when it is used). */
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe('a scheduled release under the development clock', () => {
  it('mails the author when a draft change suspends it, and publishes when the clock passes its time', async () => {
    await as('PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#7a1f5c' });
    const request = await as('POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Evening colours', scheduledAt: inMinutes(60).toISOString() });
    expect(request.body.data.status).toBe('scheduled');
    const id = request.body.data.id as string;

    const before = new Date();
    await as('PATCH', '/v3/settings/drafts/themes/solvik', { primaryColor: '#6a1b50' });
    expect((await as('GET', `/v4/solvik/settings/change-requests/${id}`)).body.data.status).toBe('suspended');
    const mail = await t.simulators.outbox.waitFor({ kind: 'email', to: 'org-marketing@solvik.example', after: before });
    // in the author's language (the demo's solvik staff write Swedish)
    expect(mail.subject).toMatch(/^En schemalagd publicering hos .+ publicerades inte$/);
    expect(mail.text).toContain('Evening colours');
    expect(mail.text).toMatch(/\/admin\/solvik\/releases/);

    const rescheduled = await as('PUT', `/v4/solvik/settings/change-requests/${id}/schedule`, { scheduledAt: inMinutes(60).toISOString() });
    expect(rescheduled.body.data.status).toBe('scheduled');
    t.advance(30 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await primaryColor()).not.toBe('#6a1b50');

    marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
    t.advance(45 * 60_000);
    for (let i = 0; i < 50 && (await primaryColor()) !== '#6a1b50'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await primaryColor()).toBe('#6a1b50');
    marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
    expect((await as('GET', `/v4/solvik/settings/change-requests/${id}`)).body.data).toMatchObject({ status: 'published', releaseVersion: expect.any(Number) });
  });
});

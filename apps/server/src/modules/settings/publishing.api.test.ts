import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signIn, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';
import { AuditRepository } from '../audit/repository.ts';
import { AuditService } from '../audit/service.ts';
import { OrganisationsRepository } from '../organisations/repository.ts';
import { SettingsPublishing } from './publishing.ts';
import { SettingsRepository } from './repository.ts';

/** Drafts, releases and change requests (issue 18, decision 0054), against the demo's solvik and koivu. */

let t: TestApp;
let offsetMs = 0;
const tokens: Record<'admin' | 'marketing' | 'support' | 'developer' | 'koivuAdmin', string> = { admin: '', marketing: '', support: '', developer: '', koivuAdmin: '' };

beforeAll(async () => {
  t = await startTestApp({ clock: () => Date.now() + offsetMs });
  tokens.admin = (await staffSignIn(t.app, 'solvik', 'org-admin@solvik.example')).accessToken;
  tokens.marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
  tokens.support = (await staffSignIn(t.app, 'solvik', 'org-support@solvik.example')).accessToken;
  tokens.developer = (await staffSignIn(t.app, 'solvik', 'org-developer@solvik.example')).accessToken;
  tokens.koivuAdmin = (await staffSignIn(t.app, 'koivu', 'org-admin@koivu.example')).accessToken;
});
afterAll(async () => {
  await t.close();
});

type Who = keyof typeof tokens;
const as = (who: Who, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  call(t.app, { method, url, token: tokens[who], headers, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}) });
const publicTheme = async () => (await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' })).body.data.theme as { primaryColor: string; secondaryColor: string };
const discardAll = async () => {
  for (const part of ['themes', 'feature-flags', 'modules', 'feature-configurations', 'custom-favorites']) await as('admin', 'DELETE', `/v3/settings/drafts/${part}/solvik`);
};
const cancelUnderWay = async () => {
  const status = await as('admin', 'GET', '/v3/settings/releases/status?organisation=solvik');
  const request = status.body.data.changeRequest as { id: string } | null;
  if (request) await as('admin', 'POST', `/v4/solvik/settings/change-requests/${request.id}/cancel`);
};

describe('drafts', () => {
  it('starts empty, takes a partial theme, merges a patch, refuses a stale revision and a bad value, and is discarded', async () => {
    const empty = await as('marketing', 'GET', '/v3/settings/drafts/themes/solvik');
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ part: 'themes', content: null, changed: false, revision: 0, issues: [] });
    const live = empty.body.data.live as { primaryColor: string };

    const created = await as('marketing', 'POST', '/v3/settings/drafts/themes/solvik', { primaryColor: '#0b5d3b' });
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({ content: { primaryColor: '#0b5d3b' }, changed: true, updatedBy: 'org-marketing@solvik.example' });
    expect(created.body.data.merged).toMatchObject({ primaryColor: '#0b5d3b', secondaryColor: expect.any(String) });
    expect(created.body.data.live.primaryColor).toBe(live.primaryColor);
    const revision = created.body.data.revision as number;

    const again = await as('marketing', 'POST', '/v3/settings/drafts/themes/solvik', { primaryColor: '#0b5d3b' });
    expect([again.status, again.body.key]).toEqual([409, 'DRAFT_EXISTS']);

    const patched = await as('marketing', 'PATCH', '/v3/settings/drafts/themes/solvik', { borderRadius: 'LARGE' }, { 'if-match': `"${revision}"` });
    expect(patched.status).toBe(200);
    expect(patched.body.data.content).toEqual({ primaryColor: '#0b5d3b', borderRadius: 'LARGE' });
    expect(patched.body.data.revision).toBeGreaterThan(revision);

    const stale = await as('marketing', 'PATCH', '/v3/settings/drafts/themes/solvik', { borderRadius: 'SMALL' }, { 'if-match': `"${revision}"` });
    expect([stale.status, stale.body.key]).toEqual([412, 'DRAFT_STALE']);

    const bad = await as('marketing', 'PATCH', '/v3/settings/drafts/themes/solvik', { primaryColor: 'green' });
    expect([bad.status, bad.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    expect(bad.body.data.issues[0]).toMatchObject({ path: 'primaryColor', message: 'HEX_COLOR' });

    // null takes a field out of the draft: back to the live value
    const removed = await as('marketing', 'PATCH', '/v3/settings/drafts/themes/solvik', { borderRadius: null });
    expect(removed.body.data.content).toEqual({ primaryColor: '#0b5d3b' });

    const discarded = await as('marketing', 'DELETE', '/v3/settings/drafts/themes/solvik');
    expect(discarded.status).toBe(200);
    expect(discarded.body.data.content).toBeNull();
    expect((await as('marketing', 'DELETE', '/v3/settings/drafts/themes/solvik')).status).toBe(404);
    expect(await publicTheme()).toMatchObject({ primaryColor: live.primaryColor });
  });

  it('keeps the custom favorites draft as a list, each favorite checked', async () => {
    const favorite = { id: '64b7f0c2a1d3e4f5a6b7c8d9', remoteId: 'heat-pump', title: 'Heat pump', navigation: { webviewUrl: 'https://example.com/heat' }, pollingFrequency: 'often', testCustomerIds: [] };
    const ok = await as('marketing', 'PUT', '/v3/settings/drafts/custom-favorites/solvik', [favorite]);
    expect(ok.status).toBe(200);
    expect(ok.body.data.merged.items).toHaveLength(1);
    const both = await as('marketing', 'PUT', '/v3/settings/drafts/custom-favorites/solvik', [{ ...favorite, navigation: { webviewUrl: 'https://example.com', appNavigation: 'SPOTPRICE' } }]);
    expect(both.status).toBe(400);
    expect(JSON.stringify(both.body.data.issues)).toContain('CUSTOM_FAVORITE_NAVIGATION');
    const plain = await as('marketing', 'PUT', '/v3/settings/drafts/custom-favorites/solvik', [{ ...favorite, navigation: { webviewUrl: 'http://example.com' } }]);
    expect(JSON.stringify(plain.body.data.issues)).toContain('CUSTOM_FAVORITE_URL');
    await as('marketing', 'DELETE', '/v3/settings/drafts/custom-favorites/solvik');
  });

  it('keeps organisations and scopes apart', async () => {
    expect((await as('koivuAdmin', 'GET', '/v3/settings/drafts/themes/solvik')).status).toBe(404);
    expect((await as('koivuAdmin', 'POST', '/v3/settings/drafts/themes/solvik', { primaryColor: '#0b5d3b' })).status).toBe(404);
    const support = await as('support', 'POST', '/v3/settings/drafts/themes/solvik', { primaryColor: '#0b5d3b' });
    expect([support.status, support.body.key]).toEqual([403, 'FORBIDDEN']);
    expect((await as('support', 'GET', '/v3/settings/drafts/themes/solvik')).status).toBe(200);
    const [customer] = await signIn(t.app, 'solvik', 'demo');
    expect((await call(t.app, { method: 'GET', url: '/v3/settings/drafts/themes/solvik', token: customer!.accessToken })).status).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/v3/settings/drafts/themes/solvik' })).status).toBe(401);
    expect((await as('admin', 'GET', '/v3/settings/drafts/themes/nowhere')).status).toBe(404);
  });
});

describe('publishing without approval', () => {
  it('publishes the theme and flags drafts as one release with one audit group, and the portal sees it', async () => {
    await discardAll();
    const before = await as('admin', 'GET', '/v3/settings/releases/status?organisation=solvik');
    const version = before.body.data.version as number;
    await as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#0b5d3b' });
    await as('developer', 'PATCH', '/v3/settings/drafts/feature-flags/solvik', { flags: { HIDE_FAQ: true } });

    const status = await as('marketing', 'GET', '/v3/settings/releases/status?organisation=solvik');
    expect(status.body.data.parts.filter((p: { changed: boolean }) => p.changed).map((p: { part: string }) => p.part)).toEqual(['themes', 'feature-flags']);

    const diff = await as('marketing', 'GET', '/v4/solvik/settings/diff?from=live&to=draft');
    expect(diff.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ part: 'themes', path: 'primaryColor', kind: 'changed', after: '#0b5d3b' }),
        expect.objectContaining({ part: 'feature-flags', path: 'flags.HIDE_FAQ', before: false, after: true }),
      ]),
    );
    expect(diff.body.data).toHaveLength(2);

    const request = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes', 'feature-flags'], title: 'Green and no FAQ' });
    expect(request.status).toBe(200);
    expect(request.body.data).toMatchObject({ status: 'published', releaseVersion: version + 1, author: 'org-marketing@solvik.example' });
    expect(request.body.data.changes).toHaveLength(2);

    expect((await publicTheme()).primaryColor).toBe('#0b5d3b');
    expect((await call(t.app, { method: 'GET', url: '/v3/settings/releases/flags/solvik?bypassCache=true' })).body.data.HIDE_FAQ).toBe(true);
    // the drafts are used up
    expect((await as('marketing', 'GET', '/v3/settings/drafts/themes/solvik')).body.data.content).toBeNull();

    const releases = await as('marketing', 'GET', '/v4/solvik/settings/releases?limit=5');
    expect(releases.body.data[0]).toMatchObject({ version: version + 1, parts: ['themes', 'feature-flags'], comment: 'Green and no FAQ', live: true, publishedBy: 'org-marketing@solvik.example' });
    const groupId = releases.body.data[0].groupId as string;
    const audit = await t.db.selectFrom('audit_logs').select(['action', 'subject_id', 'group_id']).where('group_id', '=', groupId).execute();
    expect(audit.map((a) => a.subject_id).sort()).toEqual(['feature-flags', 'themes']);
  });

  it('refuses nothing to publish, a draft that breaks a release rule, and a time in the past', async () => {
    await discardAll();
    const nothing = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Nothing' });
    expect([nothing.status, nothing.body.key]).toEqual([409, 'NOTHING_TO_PUBLISH']);
    // a draft checks each value at once: a pale yellow fails the 3:1 against white that buttons need
    const pale = await as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#ffee88' });
    expect([pale.status, pale.body.key]).toEqual([400, 'VALIDATION_FAILED']);
    expect(pale.body.data.issues[0].message).toMatch(/^PRIMARY_COLOR_CONTRAST/);
    // a release checks the whole: a logo's text without its image is a draft, not a release
    const live = (await as('admin', 'GET', '/v3/settings/releases/themes/latest/solvik')).body.data.content as Record<string, unknown>;
    expect((await as('admin', 'POST', '/v3/settings/releases/themes/solvik', { ...live, logo: null })).status).toBe(200);
    const draft = await as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', { logo: { alt: 'Solvik' } });
    expect(draft.status).toBe(200);
    expect(draft.body.data.issues).toEqual([expect.objectContaining({ path: 'logo.url' })]);
    const invalid = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Half a logo' });
    expect([invalid.status, invalid.body.key]).toEqual([400, 'SETTINGS_RELEASE_INVALID']);
    expect(invalid.body.data.issues[0].path).toBe('themes.logo.url');
    expect((await as('admin', 'POST', '/v3/settings/releases/themes/solvik', live)).status).toBe(200);
    await as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#7a1f5c' });
    const past = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Late', scheduledAt: new Date(Date.now() + offsetMs - 60_000).toISOString() });
    expect([past.status, past.body.key]).toEqual([400, 'SCHEDULE_IN_PAST']);
    const untitled = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: ' ' });
    expect([untitled.status, untitled.body.key]).toEqual([400, 'CHANGE_REQUEST_TITLE_REQUIRED']);
    const noParts = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: [], title: 'x' });
    expect([noParts.status, noParts.body.key]).toEqual([400, 'SETTINGS_PARTS_REQUIRED']);
    await discardAll();
  });

  it('publishes a whole part directly, lists its history, and deletes only a release not in force', async () => {
    const current = (await as('admin', 'GET', '/v3/settings/releases/themes/latest/solvik')).body.data as { id: string; content: Record<string, unknown> };
    const published = await as('admin', 'POST', '/v3/settings/releases/themes/solvik', { ...current.content, secondaryColor: '#123456' });
    expect(published.status).toBe(200);
    expect(published.body.data).toMatchObject({ part: 'themes', live: true, content: { secondaryColor: '#123456' } });
    expect(published.body.data.id).not.toBe(current.id);
    const history = await as('admin', 'GET', '/v3/settings/releases/themes/solvik?limit=10');
    expect(history.body.data[0]).toMatchObject({ id: published.body.data.id, live: true });
    expect(history.body.data.find((r: { id: string }) => r.id === current.id)).toMatchObject({ live: false });

    const inForce = await as('admin', 'DELETE', `/v3/settings/releases/themes/solvik/${published.body.data.id}`);
    expect([inForce.status, inForce.body.key]).toEqual([409, 'RELEASE_IN_FORCE']);
    expect((await as('admin', 'DELETE', `/v3/settings/releases/themes/solvik/${current.id}`)).status).toBe(200);
    expect((await as('admin', 'GET', '/v3/settings/releases/themes/solvik?limit=50')).body.data.some((r: { id: string }) => r.id === current.id)).toBe(false);
    expect((await as('admin', 'DELETE', `/v3/settings/releases/themes/solvik/${current.id}`)).status).toBe(404);
    expect((await as('koivuAdmin', 'DELETE', `/v3/settings/releases/themes/solvik/${published.body.data.id}`)).status).toBe(404);
    // the spec gives the modules no `latest`
    expect((await as('admin', 'GET', '/v3/settings/releases/modules/latest/solvik')).status).toBe(404);
  });

  it('keeps the protected configuration out of the public release', async () => {
    const full = await as('admin', 'GET', '/v3/settings/releases/feature-configurations/latest/solvik');
    const content = full.body.data.content as { public: Record<string, unknown>; protected: Record<string, unknown> };
    const published = await as('admin', 'POST', '/v3/settings/releases/feature-configurations/solvik', { ...content, protected: { ...content.protected, homeside: { accountName: 'secret-account' } } });
    expect(published.status).toBe(200);
    const open = await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' });
    expect(JSON.stringify(open.body)).not.toContain('secret-account');
    expect(JSON.stringify((await as('admin', 'GET', '/v3/settings/releases/full/solvik?bypassCache=true')).body)).toContain('secret-account');
  });

  it('rolls back to an earlier version as a new release', async () => {
    const before = await publicTheme();
    const list = await as('admin', 'GET', '/v4/solvik/settings/releases?limit=50');
    const first = (list.body.data as Array<{ version: number }>).at(-1)!;
    const rolled = await as('admin', 'POST', `/v4/solvik/settings/releases/${first.version}/rollback`, { comment: 'Back to the start' });
    expect(rolled.status).toBe(200);
    expect(rolled.body.data).toMatchObject({ rollbackOf: first.version, comment: 'Back to the start', live: true });
    const after = await publicTheme();
    expect(after.primaryColor).not.toBe(before.primaryColor);
    const diff = await as('admin', 'GET', `/v4/solvik/settings/diff?from=${first.version}&to=live`);
    expect(diff.body.data).toEqual([]);
    const again = await as('admin', 'POST', `/v4/solvik/settings/releases/${first.version}/rollback`, {});
    expect([again.status, again.body.key]).toEqual([409, 'NOTHING_TO_PUBLISH']);
    expect((await as('admin', 'POST', '/v4/solvik/settings/releases/9999/rollback', {})).status).toBe(404);
    expect((await as('support', 'POST', `/v4/solvik/settings/releases/${first.version}/rollback`, {})).status).toBe(403);
  });
});

describe('four-eyes approval', () => {
  it('needs a second editor, takes the approval back when the draft changes, and then publishes', async () => {
    await discardAll();
    await cancelUnderWay();
    expect((await as('marketing', 'PUT', '/v4/solvik/settings/policy', { approvalRequired: true })).status).toBe(403);
    const policy = await as('admin', 'PUT', '/v4/solvik/settings/policy', { approvalRequired: true });
    expect(policy.body.data).toEqual({ approvalRequired: true });

    await as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#5a2d82' });
    const direct = await as('marketing', 'POST', '/v3/settings/releases/themes/solvik', { ...(await as('marketing', 'GET', '/v3/settings/drafts/themes/solvik')).body.data.merged });
    expect([direct.status, direct.body.key]).toEqual([409, 'APPROVAL_REQUIRED']);

    const created = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Purple', comment: 'For the winter campaign' });
    expect(created.body.data).toMatchObject({ status: 'open', approvedBy: null, comments: [{ text: 'For the winter campaign', system: false }] });
    const id = created.body.data.id as string;
    const second = await as('admin', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Another' });
    expect([second.status, second.body.key]).toEqual([409, 'CHANGE_REQUEST_OPEN']);

    const own = await as('marketing', 'POST', `/v4/solvik/settings/change-requests/${id}/approve`, {});
    expect([own.status, own.body.key]).toEqual([403, 'OWN_CHANGE_REQUEST']);
    const early = await as('marketing', 'POST', `/v4/solvik/settings/change-requests/${id}/publish`);
    expect([early.status, early.body.key]).toEqual([409, 'APPROVAL_REQUIRED']);
    expect((await as('support', 'POST', `/v4/solvik/settings/change-requests/${id}/approve`, {})).status).toBe(403);
    expect((await as('koivuAdmin', 'POST', `/v4/solvik/settings/change-requests/${id}/approve`, {})).status).toBe(404);

    const approved = await as('admin', 'POST', `/v4/solvik/settings/change-requests/${id}/approve`, { text: 'Nice' });
    expect(approved.body.data).toMatchObject({ status: 'approved', approvedBy: 'org-admin@solvik.example' });

    // a change after the approval takes it back
    await as('marketing', 'PATCH', '/v3/settings/drafts/themes/solvik', { primaryColor: '#4b2470' });
    const reset = await as('marketing', 'GET', `/v4/solvik/settings/change-requests/${id}`);
    expect(reset.body.data).toMatchObject({ status: 'open', approvedBy: null });
    // stored as a key with its parameters, which the back office words in the reader's language (decision 0061)
    expect(reset.body.data.comments.at(-1)).toMatchObject({
      system: true,
      systemKey: 'approvalWithdrawn',
      params: { part: 'themes' },
      text: expect.stringContaining('approval was taken back'),
    });
    expect(reset.body.data.changes).toEqual([expect.objectContaining({ path: 'primaryColor', after: '#4b2470' })]);

    await as('admin', 'POST', `/v4/solvik/settings/change-requests/${id}/approve`, {});
    const reapproved = await as('marketing', 'GET', `/v4/solvik/settings/change-requests/${id}`);
    expect(reapproved.body.data.comments.at(-1)).toMatchObject({ system: true, systemKey: 'approved', author: 'org-admin@solvik.example' });
    const published = await as('marketing', 'POST', `/v4/solvik/settings/change-requests/${id}/publish`);
    expect(published.body.data).toMatchObject({ status: 'published' });
    expect((await publicTheme()).primaryColor).toBe('#4b2470');
    expect((await as('admin', 'POST', `/v4/solvik/settings/change-requests/${id}/cancel`)).body.key).toBe('CHANGE_REQUEST_NOT_OPEN');

    const comment = await as('admin', 'POST', `/v4/solvik/settings/change-requests/${id}/comments`, { text: ' ' });
    expect(comment.body.key).toBe('COMMENT_REQUIRED');
    const list = await as('support', 'GET', '/v4/solvik/settings/change-requests?status=published');
    expect(list.body.data[0]).toMatchObject({ id, status: 'published' });
    expect(list.body.pagination.total).toBeGreaterThanOrEqual(2);
    await as('admin', 'PUT', '/v4/solvik/settings/policy', { approvalRequired: false });
  });
});

describe('scheduled publishing', () => {
  const scheduler = () =>
    new SettingsPublishing({
      repository: new SettingsRepository(t.db),
      audit: new AuditService(new AuditRepository(t.db)),
      changed: async () => {},
      organisationById: (id) => new OrganisationsRepository(t.db).findById(id),
      now: () => Date.now() + offsetMs,
    });

  // Moving the clock on ends the staff's access tokens (15 minutes): sign in again after each move.
  const later = async (ms: number) => {
    offsetMs += ms;
    tokens.marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
    tokens.admin = (await staffSignIn(t.app, 'solvik', 'org-admin@solvik.example')).accessToken;
  };

  it('publishes at its time, and suspends a schedule whose draft changed meanwhile', async () => {
    await discardAll();
    await cancelUnderWay();
    await as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#1d5e8c' });
    const inAnHour = new Date(Date.now() + offsetMs + 3_600_000).toISOString();
    const created = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'At nine', scheduledAt: inAnHour });
    expect(created.body.data).toMatchObject({ status: 'scheduled', scheduledAt: inAnHour });
    expect(await scheduler().publishDue()).toEqual({ published: 0, suspended: 0 });
    expect((await publicTheme()).primaryColor).not.toBe('#1d5e8c');

    await later(2 * 3_600_000);
    expect(await scheduler().publishDue()).toEqual({ published: 1, suspended: 0 });
    const done = await as('marketing', 'GET', `/v4/solvik/settings/change-requests/${created.body.data.id as string}`);
    expect(done.body.data.status).toBe('published');
    expect((await publicTheme()).primaryColor).toBe('#1d5e8c');
    const audit = await t.db.selectFrom('audit_logs').select(['actor_type', 'actor_email']).where('action', '=', 'settings.release.publish').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(audit).toEqual({ actor_type: 'system', actor_email: 'scheduler' });

    await as('marketing', 'PUT', '/v3/settings/drafts/themes/solvik', { primaryColor: '#2e6b1f' });
    const second = await as('marketing', 'POST', '/v4/solvik/settings/change-requests', { parts: ['themes'], title: 'Later', scheduledAt: new Date(Date.now() + offsetMs + 3_600_000).toISOString() });
    expect(second.body.data?.status, JSON.stringify(second.body)).toBe('scheduled');
    await as('marketing', 'PATCH', '/v3/settings/drafts/themes/solvik', { borderRadius: 'NONE' });
    const suspended = await as('marketing', 'GET', `/v4/solvik/settings/change-requests/${second.body.data.id as string}`);
    expect(suspended.body.data.status).toBe('suspended');
    expect(suspended.body.data.comments.at(-1)).toMatchObject({ system: true, systemKey: 'scheduleSuspended', params: { part: 'themes' } });
    await later(2 * 3_600_000);
    expect(await scheduler().publishDue()).toEqual({ published: 0, suspended: 0 });
    expect((await publicTheme()).primaryColor).toBe('#1d5e8c');

    const rescheduled = await as('marketing', 'PUT', `/v4/solvik/settings/change-requests/${second.body.data.id as string}/schedule`, { scheduledAt: new Date(Date.now() + offsetMs + 60_000).toISOString() });
    expect(rescheduled.body.data.status).toBe('scheduled');
    await later(120_000);
    expect(await scheduler().publishDue()).toEqual({ published: 1, suspended: 0 });
    expect((await publicTheme()).primaryColor).toBe('#2e6b1f');
  });
});

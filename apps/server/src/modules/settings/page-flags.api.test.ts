import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, staffSignIn, startTestApp, type TestApp } from '../../../test/app.ts';

/**
 * The back-office page flags (decision 0059): bridge-context flags in the feature-flags part, on
 * by default, published like any flag; the areas a staff member is offered follow the release in
 * force, and the portal's public release never carries them.
 */

let t: TestApp;
let marketing = '';
let admin = '';

beforeAll(async () => {
  t = await startTestApp();
  admin = (await staffSignIn(t.app, 'solvik', 'org-admin@solvik.example')).accessToken;
  marketing = (await staffSignIn(t.app, 'solvik', 'org-marketing@solvik.example')).accessToken;
});
afterAll(async () => {
  await t.close();
});

const areas = async () => {
  const info = await call(t.app, { method: 'POST', url: '/v3/admins/adminInfo', token: admin });
  expect(info.status).toBe(200);
  return (info.body.data.organisations as Array<{ slug: string; areas: string[] }>).find((o) => o.slug === 'solvik')!.areas;
};

describe('the back-office page flags', () => {
  it('turn pages off through a release, stay out of the public release, and come back with a rollback', async () => {
    expect(await areas()).toEqual(['Theme', 'Modules', 'Assets', 'Custom Favorites', 'Messaging', 'Signs']);
    const before = (await call(t.app, { method: 'GET', url: '/v3/settings/releases/status?organisation=solvik', token: admin })).body.data.version as number;

    const draft = await call(t.app, { method: 'PATCH', url: '/v3/settings/drafts/feature-flags/solvik', token: marketing, payload: { backOfficePages: { Signs: false, 'Custom Favorites': false } } });
    expect(draft.status).toBe(200);
    expect(draft.body.data.changed).toBe(true);
    const wrong = await call(t.app, { method: 'PATCH', url: '/v3/settings/drafts/feature-flags/solvik', token: marketing, payload: { backOfficePages: { Signs: 'no' } } });
    expect(wrong.status).toBe(400);

    const published = await call(t.app, { method: 'POST', url: '/v4/solvik/settings/change-requests', token: marketing, payload: { parts: ['feature-flags'], title: 'Fewer pages' } });
    expect(published.status).toBe(200);
    expect(published.body.data.status).toBe('published');
    expect(published.body.data.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ part: 'feature-flags', path: 'backOfficePages.Signs', before: true, after: false }),
        expect.objectContaining({ part: 'feature-flags', path: 'backOfficePages.Custom Favorites', before: true, after: false }),
      ]),
    );
    expect(await areas()).toEqual(['Theme', 'Modules', 'Assets', 'Messaging']);

    const portal = await call(t.app, { method: 'GET', url: '/v3/settings/releases/solvik?bypassCache=true' });
    expect(Object.keys(portal.body.data.featureFlags).sort()).toEqual(['flags', 'id']);
    expect(JSON.stringify(portal.body.data)).not.toContain('backOfficePages');

    const rollback = await call(t.app, { method: 'POST', url: `/v4/solvik/settings/releases/${before}/rollback`, token: admin, payload: {} });
    expect(rollback.status).toBe(200);
    expect(await areas()).toHaveLength(6);
  });
});

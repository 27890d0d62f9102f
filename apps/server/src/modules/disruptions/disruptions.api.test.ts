import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Disruption } from '@gridline/contracts/disruptions';
import { newId } from '../../lib/ids.ts';
import { call, startTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
const HOUR = 3_600_000;

const activeUrl = (organisation: string, product: string | null = 'mypages') =>
  `/v4/disruptions/${organisation}/active-disruption${product === null ? '' : `?product=${product}`}`;
const active = async (organisation: string, product: string | null = 'mypages') => call(t.app, { method: 'GET', url: activeUrl(organisation, product) });
const organisationId = async (slug: string) => (await t.db.selectFrom('organisations').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;

/** Adds a disruption to an organisation; enabled, both channels, moderate and unscheduled unless told. */
async function addDisruption(
  slug: string,
  fields: { type?: 'warning' | 'fatal'; targets?: string[]; start?: Date | null; end?: Date | null; level?: string; enabled?: boolean; message?: string } = {},
) {
  const id = newId();
  await t.db
    .insertInto('disruptions')
    .values({
      id,
      organisation_id: await organisationId(slug),
      name: `test ${id}`,
      type: fields.type ?? 'warning',
      targets: fields.targets ?? ['mypages', 'app'],
      title: JSON.stringify({ en: 'Test title' }),
      message: JSON.stringify({ en: fields.message ?? 'Test message', sv: 'Testmeddelande' }),
      enabled: fields.enabled ?? true,
      start_date: fields.start ?? null,
      end_date: fields.end ?? null,
      level: fields.level ?? 'moderate',
      updated_by: 'test@example.com',
    })
    .execute();
  return id;
}

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  // Each test starts from the demo's disruptions: one warning and one fatal per organisation, off.
  await t.db.deleteFrom('disruptions').where('name', 'like', 'test %').execute();
  await t.db.updateTable('disruptions').set({ enabled: false }).execute();
});

describe('GET /v4/disruptions/{product}/active-disruption', () => {
  it('answers null while the demo disruptions are off, and is never cached', async () => {
    const res = await active('solvik');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, data: null });
    expect(res.response.headers['cache-control']).toBe('no-store');
  });

  it("answers an organisation's enabled warning in every one of its languages, without who changed it", async () => {
    await sql`UPDATE disruptions SET enabled = true WHERE type = 'warning' AND organisation_id = ${await organisationId('solvik')}`.execute(t.db);
    const res = await active('solvik');
    expect(res.status).toBe(200);
    const disruption = Disruption.parse(res.body.data);
    expect(disruption).toMatchObject({ type: 'warning', organisation: 'solvik', enabled: true, status: 'ongoing', level: 'moderate', schedule: null });
    expect(Object.keys(disruption.message).sort()).toEqual(['en', 'sv']);
    expect(disruption.title.sv).toBe('Planerat underhåll i kväll');
    expect(res.body.data).not.toHaveProperty('updatedBy');
    expect(JSON.stringify(res.body)).not.toContain('@gridline.example');
  });

  it('shows a fatal disruption before a warning, and a severe warning before a mild one', async () => {
    await addDisruption('solvik', { level: 'mild', message: 'mild' });
    const severe = await addDisruption('solvik', { level: 'severe', message: 'severe' });
    expect((await active('solvik')).body.data._id).toBe(severe);
    const fatal = await addDisruption('solvik', { type: 'fatal', level: 'mild' });
    const res = await active('solvik');
    expect(res.body.data).toMatchObject({ _id: fatal, type: 'fatal' });
  });

  it('shows a scheduled disruption only while it is ongoing', async () => {
    const now = Date.now();
    await addDisruption('solvik', { start: new Date(now + HOUR), message: 'planned' });
    await addDisruption('solvik', { start: new Date(now - 3 * HOUR), end: new Date(now - HOUR), message: 'finished' });
    expect((await active('solvik')).body.data).toBeNull();

    const ongoing = await addDisruption('solvik', { start: new Date(now - HOUR), end: new Date(now + HOUR), message: 'ongoing' });
    const res = await active('solvik');
    expect(res.body.data).toMatchObject({ _id: ongoing, status: 'ongoing', message: { en: 'ongoing' } });
    expect(Date.parse(res.body.data.schedule.startDate)).toBe(now - HOUR);
    expect(Date.parse(res.body.data.schedule.endDate)).toBe(now + HOUR);
  });

  it('leaves out a disabled disruption whatever its schedule', async () => {
    await addDisruption('solvik', { enabled: false, start: new Date(Date.now() - HOUR) });
    expect((await active('solvik')).body.data).toBeNull();
  });

  it("answers each organisation's own disruption only", async () => {
    const own = await addDisruption('fjellkraft', { type: 'fatal' });
    expect((await active('solvik')).body.data).toBeNull();
    expect((await active('fjellkraft')).body.data).toMatchObject({ _id: own, organisation: 'fjellkraft' });
  });

  it('answers per channel: a disruption for the app is not shown in the portal', async () => {
    const app = await addDisruption('solvik', { targets: ['app'] });
    expect((await active('solvik', 'mypages')).body.data).toBeNull();
    expect((await active('solvik', 'app')).body.data).toMatchObject({ _id: app, targets: ['app'] });
    // The demo's fatal disruption is for the portal only.
    await sql`UPDATE disruptions SET enabled = true WHERE type = 'fatal' AND organisation_id = ${await organisationId('solvik')}`.execute(t.db);
    expect((await active('solvik', 'mypages')).body.data).toMatchObject({ type: 'fatal', targets: ['mypages'] });
    expect((await active('solvik', 'app')).body.data).toMatchObject({ _id: app });
  });

  it('refuses a missing or unknown channel with 400 naming the field, and an unknown organisation with 404', async () => {
    for (const product of [null, 'web', '']) {
      const res = await active('solvik', product);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ key: 'VALIDATION_FAILED', data: { issues: [expect.objectContaining({ path: 'querystring.product' })] } });
    }
    const unknown = await active('nosuchorganisation');
    expect(unknown.status).toBe(404);
    expect(unknown.body.key).toBe('UNKNOWN_ORGANISATION');
  });
});

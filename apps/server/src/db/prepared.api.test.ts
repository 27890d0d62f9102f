import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../test/app.ts';
import type { Db } from './database.ts';
import { prepared } from './prepared.ts';

let db: Db;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await cloneDatabase());
});
afterAll(async () => drop());

const usersOf = (d: Db, organisationId: string, limit: number) =>
  d.selectFrom('users').select(['id', 'username', 'created_at']).where('organisation_id', '=', organisationId).orderBy('id').limit(limit);

describe('prepared reads', () => {
  it('answer the rows execute() answers, for each call’s own values', async () => {
    const organisations = await db.selectFrom('organisations').select('id').orderBy('slug').execute();
    expect(organisations.length).toBeGreaterThan(1);
    const read = prepared(db, (p: { organisationId: string; limit: number }) => usersOf(db, p.organisationId, p.limit));
    for (const { id } of organisations) {
      for (const limit of [1, 3]) {
        const rows = await read({ organisationId: id, limit });
        expect(rows).toEqual(await usersOf(db, id, limit).execute());
        expect(rows.length).toBeGreaterThan(0);
        expect(rows[0]!.created_at).toBeInstanceOf(Date);
      }
    }
  });

  it('refuse a parameter used other than as a value, before anything runs', async () => {
    const read = prepared(db, (p: { organisationId: string; page: number }) => usersOf(db, p.organisationId, 10).offset((p.page - 1) * 10));
    await expect(read({ organisationId: 'x', page: 2 })).rejects.toThrow(/page other than as a value/);
  });

  it('keep constants of the built query as they were', async () => {
    const read = prepared(db, (p: { slug: string }) => db.selectFrom('organisations').select('slug').where('slug', 'in', [p.slug, 'no-such-organisation']));
    const [first] = await db.selectFrom('organisations').select('slug').orderBy('slug').execute();
    expect(await read({ slug: first!.slug })).toEqual([{ slug: first!.slug }]);
    expect(await read({ slug: 'no-such-organisation' })).toEqual([]);
  });
});

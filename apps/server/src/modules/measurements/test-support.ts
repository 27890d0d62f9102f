import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../db/database.ts';
import type { ReadingInput } from './repository.ts';

/** Test helpers for readings: a demo service, a run of readings, and the roll-up invariant. */

/** The consumption service of a demo organisation's first active home. */
export async function serviceSeq(db: Db, slug: string): Promise<number> {
  const row = await db
    .selectFrom('location_services as s')
    .innerJoin('locations as l', 'l.id', 's.location_id')
    .innerJoin('organisations as o', 'o.id', 'l.organisation_id')
    .select('s.seq')
    .where('o.slug', '=', slug)
    .where('s.type', '=', 'consumption_trade')
    .orderBy('s.seq')
    .limit(1)
    .executeTakeFirstOrThrow();
  return row.seq;
}

/** Readings every `minutes` from `from` (inclusive) to `to` (exclusive), with a value per index. */
export function series(seq: number, from: string, to: string, minutes: 15 | 60, value: (i: number) => string, certainty: (i: number) => number = () => 1): ReadingInput[] {
  const rows: ReadingInput[] = [];
  for (let at = Date.parse(from), i = 0; at < Date.parse(to); at += minutes * 60_000, i++) {
    rows.push({ serviceSeq: seq, intervalStart: new Date(at), minutes, value: value(i), certainty: certainty(i), status: 2, source: 0 });
  }
  return rows;
}

/** Every roll-up equals the exact sum of its children, at every level, for the service. */
export async function expectChildrenSumToParents(db: Db, seq: number): Promise<void> {
  const mismatches = await sql<{ period: string; period_key: string }>`
    SELECT p.period, p.period_key FROM reading_rollups p
    WHERE p.service_seq = ${seq} AND p.value <> CASE p.period
      WHEN 'hour' THEN (SELECT sum(value) FROM readings r WHERE r.service_seq = p.service_seq AND r.interval_start >= p.period_start AND r.interval_start < p.period_start + interval '1 hour')
      WHEN 'day' THEN (SELECT sum(value) FROM reading_rollups c WHERE c.service_seq = p.service_seq AND c.period = 'hour' AND left(c.period_key, 10) = p.period_key)
      WHEN 'month' THEN (SELECT sum(value) FROM reading_rollups c WHERE c.service_seq = p.service_seq AND c.period = 'day' AND left(c.period_key, 7) = p.period_key)
    END`.execute(db);
  expect(mismatches.rows).toEqual([]);
}

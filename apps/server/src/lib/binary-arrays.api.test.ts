import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { float4Array, int4Array, numeric4Array, timestamptzArray } from './binary-arrays.ts';

// No tables needed: the server's own database answers the unnest.
const client = new pg.Client({ connectionString: inject('postgresAdminUrl') });
beforeAll(async () => {
  await client.connect();
  await client.query(`SET TIME ZONE 'UTC'`);
});
afterAll(async () => {
  await client.end();
});

/** What PostgreSQL reads from a binary array parameter (node-postgres sends a Buffer as binary), as text. */
async function read(array: Buffer, type: string): Promise<string[]> {
  const result = await client.query<{ v: string }>(`SELECT v::text AS v FROM unnest($1::${type}[]) AS v`, [array]);
  return result.rows.map((r) => r.v);
}

describe('binary array parameters', () => {
  it('carry numerics of 4 places exactly, zero as 0, negatives and values past a base-10 000 digit', async () => {
    const units = [0, 1, 9_999, 10_000, 10_001, 35_120, -1, -123_456_789, 99_999_999_999_999, 100_000_000, 1_000_000_000_000_000];
    expect(await read(numeric4Array(units), 'numeric')).toEqual([
      '0', '0.0001', '0.9999', '1.0000', '1.0001', '3.5120', '-0.0001', '-12345.6789', '9999999999.9999', '10000.0000', '100000000000.0000',
    ]);
    // the sum of stored numeric(14,4) values, as SQL would make it
    const [sum] = await read(numeric4Array([35_120 + 1_250]), 'numeric');
    const bySql = await client.query<{ v: string }>('SELECT (3.5120::numeric(14,4) + 0.1250::numeric(14,4))::text AS v');
    expect(sum).toBe(bySql.rows[0]!.v);
  });

  it('carry instants to the microsecond, before and after 2000, and int4 and float4 values', async () => {
    const instants = ['2025-03-30T01:00:00.000Z', '1999-12-31T23:45:00.000Z', '2000-01-01T00:00:00.000Z', '2038-01-19T03:15:00.123Z'].map(Date.parse);
    expect(await read(timestamptzArray(instants), 'timestamptz')).toEqual([
      '2025-03-30 01:00:00+00', '1999-12-31 23:45:00+00', '2000-01-01 00:00:00+00', '2038-01-19 03:15:00.123+00',
    ]);
    expect(await read(int4Array([0, -5, 2_147_483_647, -2_147_483_648]), 'int4')).toEqual(['0', '-5', '2147483647', '-2147483648']);
    expect(await read(float4Array([1, 0.25, 0.6, 0]), 'float4')).toEqual(['1', '0.25', '0.6', '0']);
    expect(await read(int4Array([]), 'int4')).toEqual([]);
  });
});

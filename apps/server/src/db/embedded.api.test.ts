import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-busy-port-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('startEmbeddedPostgres', () => {
  it('says why PostgreSQL did not start, with its own words, when its port is taken', async () => {
    // the port of the PostgreSQL that the API tests already run
    const url = new URL(inject('postgresAdminUrl'));
    const port = Number(url.searchParams.get('port') ?? url.port);
    fs.chmodSync(dir, 0o755);
    const start = startEmbeddedPostgres(path.join(dir, 'pg'), port, { durability: 'throw-away-test-cluster' });
    await expect(start).rejects.toThrow(new RegExp(`PostgreSQL did not start on port ${port} with the data in .*: .*(already in use|could not create)`));
  }, 60_000);
});

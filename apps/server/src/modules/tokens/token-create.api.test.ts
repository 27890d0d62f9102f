import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../../test/app.ts';
import type { Db } from '../../db/database.ts';
import { ApiTokensRepository } from './repository.ts';
import { ApiTokensService } from './service.ts';

const root = path.resolve(import.meta.dirname, '../../../../..');
let db: Db;
let url: string;
let drop: () => Promise<void>;
let dataDir: string;
beforeAll(async () => {
  ({ db, url, drop } = await cloneDatabase());
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-token-create-'));
});
afterAll(async () => {
  await drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const run = (args: string[]) =>
  promisify(execFile)(process.execPath, ['scripts/token-create.ts', ...args], {
    cwd: root,
    env: { PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'), HOME: dataDir, DATABASE_URL: url, DATA_DIR: dataDir, DEMO_DATA: 'false' },
  });

describe('npm run token:create', () => {
  it('creates a token through the same service as the back office: printed once, stored hashed, issued by the command line, audited', { timeout: 60_000 }, async () => {
    const { stdout } = await run(['--organisation', 'solvik', '--scope', 'syncAccount', '--name', 'Script feed', '--days', '30']);
    const token = /glt_[\w-]+/.exec(stdout)![0];
    const row = await db.selectFrom('api_tokens').selectAll().where('name', '=', 'Script feed').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ issued_by: 'command line', token_scopes: ['syncAccount'] });
    expect(row.token_hash).not.toContain(token);
    expect(row.expires_at!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    const claims = await new ApiTokensService(new ApiTokensRepository(db)).authorise(token, row.organisation_id, 'syncAccount');
    expect(claims.tokenId).toBe(row.id);
    const audit = await db.selectFrom('audit_logs').selectAll().where('subject_id', '=', row.id).execute();
    expect(audit.map((e) => [e.action, e.actor_type, e.actor_email])).toEqual([['api-token.create', 'system', 'command line']]);
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('refuses a name the service refuses, and creates nothing', { timeout: 60_000 }, async () => {
    await expect(run(['--organisation', 'solvik', '--scope', 'syncAccount', '--name', 'ab'])).rejects.toThrow(/Refused: name: TOO_SHORT/);
    expect(await db.selectFrom('api_tokens').select('id').where('name', '=', 'ab').execute()).toEqual([]);
  });
});

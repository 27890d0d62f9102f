import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneDatabase } from '../../../test/app.ts';
import type { Db } from '../../db/database.ts';
import { newId } from '../../lib/ids.ts';
import { formatSealingKeys, Sealer, type SealingKeys } from '../../lib/sealing.ts';
import { sealedColumns, SecretsRepository } from './repository.ts';
import { resealAll } from './rotation.ts';

const ring = (...ids: string[]): SealingKeys => ({ currentId: ids[0]!, keys: new Map(ids.map((id) => [id, keys.get(id)!])) });
const keys = new Map(['old', 'new', 'newer'].map((id) => [id, randomBytes(32)]));
const root = path.resolve(import.meta.dirname, '../../../../..');

let db: Db;
let url: string;
let drop: () => Promise<void>;
let solvik: string;
let adminId: string;
beforeAll(async () => {
  ({ db, url, drop } = await cloneDatabase());
  solvik = (await db.selectFrom('organisations').select('id').where('slug', '=', 'solvik').executeTakeFirstOrThrow()).id;
  adminId = (await db.selectFrom('admins').select('id').where('email', '=', 'org-admin@solvik.example').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await drop();
});

/** Seals the values under `old`, as a server with the old ring did. */
async function sealUnderOld(values: { secrets: Record<string, string>; totp: string }) {
  const old = new Sealer(ring('old'));
  const repository = new SecretsRepository(db);
  await db.deleteFrom('secrets').execute();
  for (const [key, value] of Object.entries(values.secrets)) {
    const sealed = old.seal(value);
    await repository.insert({ id: newId(), organisationId: solvik, key, keyId: 'old', sealed, updatedBy: 'test' });
  }
  await db.updateTable('admins').set({ totp_secret: old.seal(values.totp) }).where('id', '=', adminId).execute();
}

async function sealedNow() {
  const secrets = await db.selectFrom('secrets').select(['key', 'key_id', 'sealed']).where('organisation_id', '=', solvik).execute();
  const { totp_secret } = await db.selectFrom('admins').select('totp_secret').where('id', '=', adminId).executeTakeFirstOrThrow();
  return { secrets, totp: totp_secret! };
}

describe('secrets:rotate', () => {
  it('re-seals every secret and TOTP secret with the current key, so the old key can leave the ring; a second run has nothing to do', async () => {
    await sealUnderOld({ secrets: { harkApiKey: 'hark-value-1', bfusPassword: 'bfus-value-2' }, totp: 'JBSWY3DPEHPK3PXP' });
    // a new key in front, the old one kept
    const result = await resealAll(sealedColumns(db), new Sealer(ring('new', 'old')), { batch: 1 });
    expect(result.keyId).toBe('new');
    expect(result.columns.find((c) => c.name === 'secrets.sealed')).toMatchObject({ resealed: 2 });
    expect(result.columns.find((c) => c.name === 'admins.totp_secret')!.resealed).toBeGreaterThanOrEqual(1);

    const now = await sealedNow();
    const onlyNew = new Sealer(ring('new'));
    expect(now.secrets.every((s) => s.key_id === 'new' && s.sealed.startsWith('new.'))).toBe(true);
    expect(Object.fromEntries(now.secrets.map((s) => [s.key, onlyNew.open(s.sealed)]))).toEqual({ harkApiKey: 'hark-value-1', bfusPassword: 'bfus-value-2' });
    expect(onlyNew.open(now.totp)).toBe('JBSWY3DPEHPK3PXP');

    const again = await resealAll(sealedColumns(db), new Sealer(ring('new', 'old')));
    expect(again.columns.every((c) => c.resealed === 0)).toBe(true);
  });

  it('stops on a value no key of the ring opens, naming the row and the key, never the value', async () => {
    await sealUnderOld({ secrets: { harkClientId: 'client-value-3' }, totp: 'KRSXG5CTMVRXEZLU' });
    await expect(resealAll(sealedColumns(db), new Sealer(ring('new')))).rejects.toThrow(/secrets\.sealed [0-9a-f]{24}: sealed under key old, which the ring does not hold/);
    await expect(resealAll(sealedColumns(db), new Sealer(ring('new')))).rejects.not.toThrow(/client-value-3/);
  });

  it('runs as `npm run secrets:rotate` with the ring of DATA_DIR/keys/sealing.txt after a new key was added in front', { timeout: 60_000 }, async () => {
    await sealUnderOld({ secrets: { harkApiKey: 'hark-value-4', utilityCloudClientSecret: 'uc-value-5' }, totp: 'MFRGGZDFMZTWQ2LK' });
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gridline-rotate-'));
    try {
      fs.mkdirSync(path.join(dataDir, 'keys'));
      fs.writeFileSync(path.join(dataDir, 'keys', 'sealing.txt'), formatSealingKeys(ring('newer', 'old')));
      // a clean environment: the ring of the data folder (no SECRETS_KEYS), the test's database
      const env = { PATH: [path.dirname(process.execPath), '/usr/local/bin', '/usr/bin', '/bin'].join(':'), HOME: dataDir, DATABASE_URL: url, DATA_DIR: dataDir, DEMO_DATA: 'false' };
      const { stdout } = await promisify(execFile)(process.execPath, ['scripts/secrets-rotate.ts'], { cwd: root, env });
      expect(stdout).toMatch(/secrets\.sealed: 2 re-sealed/);
      expect(stdout).toMatch(/now under key newer/);
      expect(stdout).not.toMatch(/hark-value-4|uc-value-5|MFRGGZDFMZTWQ2LK/);
      const now = await sealedNow();
      const onlyNewer = new Sealer(ring('newer'));
      expect(now.secrets.map((s) => onlyNewer.open(s.sealed)).sort()).toEqual(['hark-value-4', 'uc-value-5']);
      expect(onlyNewer.open(now.totp)).toBe('MFRGGZDFMZTWQ2LK');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

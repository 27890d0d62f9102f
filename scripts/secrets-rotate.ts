import { loadConfig } from '../apps/server/src/config.ts';
import { startDatabase } from '../apps/server/src/db/start.ts';
import { loadSealingKeys, Sealer } from '../apps/server/src/lib/sealing.ts';
import { sealedColumns } from '../apps/server/src/modules/secrets/repository.ts';
import { resealAll } from '../apps/server/src/modules/secrets/rotation.ts';

// `npm run secrets:rotate`: re-seals every sealed value (secrets, staff TOTP secrets) with the
// current key of SECRETS_KEYS or DATA_DIR/keys/sealing.txt (the first of the ring). Add the new
// key first, in front, keeping the old ones; run this; then the old keys may go (decision 0037).
const config = loadConfig();
const sealer = new Sealer(loadSealingKeys({ ...(config.secretsKeys ? { configured: config.secretsKeys } : {}), dataDir: config.dataDir }));
const database = await startDatabase(config, () => {});
try {
  const result = await resealAll(sealedColumns(database.db), sealer);
  for (const column of result.columns) {
    console.log(`${column.name}: ${column.resealed} re-sealed${column.changedMeanwhile ? `, ${column.changedMeanwhile} changed meanwhile (already under the new key)` : ''}`);
  }
  console.log(`Every sealed value is now under key ${result.keyId}. Keys other than ${result.keyId} may now leave the ring.`);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await database.stop();
}
// The embedded PostgreSQL package's exit hook would end the process with 0: keep a failure's code.
if (process.exitCode) process.exit(process.exitCode);

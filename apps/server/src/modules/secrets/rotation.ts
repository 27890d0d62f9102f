import { Sealer } from '../../lib/sealing.ts';
import type { SealedColumn } from './repository.ts';

export interface RotationResult {
  /** The key every value is sealed under now. */
  keyId: string;
  /** Per column: values re-sealed, and values a change in between had already replaced. */
  columns: Array<{ name: string; resealed: number; changedMeanwhile: number }>;
}

/**
 * Re-seals every sealed value with the ring's current key (`npm run secrets:rotate`, decision
 * 0037). The new key is added to the ring first (SECRETS_KEYS or DATA_DIR/keys/sealing.txt, first
 * = current) with the old ones kept, so that every value still opens; then this runs; then the old
 * key may leave the ring. A value no key of the ring opens stops the rotation with its column and
 * row (never the value). Each value is replaced only if unchanged since it was read, so the
 * command can run beside a running server.
 */
export async function resealAll(columns: readonly SealedColumn[], sealer: Sealer, options: { batch?: number } = {}): Promise<RotationResult> {
  const batch = options.batch ?? 500;
  const keyId = sealer.currentKeyId;
  const result: RotationResult = { keyId, columns: [] };
  for (const column of columns) {
    let resealed = 0;
    let changedMeanwhile = 0;
    const seen = new Set<string>();
    for (;;) {
      const rows = (await column.notUnder(keyId, batch)).filter((row) => !seen.has(`${row.id}\n${row.sealed}`));
      if (rows.length === 0) break;
      for (const row of rows) {
        seen.add(`${row.id}\n${row.sealed}`);
        let plain: string;
        try {
          plain = sealer.open(row.sealed);
        } catch {
          throw new Error(`${column.name} ${row.id}: sealed under key ${Sealer.keyIdOf(row.sealed)}, which the ring does not hold (or the value is damaged); add that key to the ring and run again`);
        }
        if (await column.reseal(row.id, row.sealed, sealer.seal(plain))) resealed += 1;
        else changedMeanwhile += 1;
      }
    }
    result.columns.push({ name: column.name, resealed, changedMeanwhile });
  }
  return result;
}

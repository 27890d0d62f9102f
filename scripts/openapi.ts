import fs from 'node:fs';
import path from 'node:path';
import { apiDocument } from '../packages/contracts/src/api-document.ts';

/**
 * `npm run openapi`: writes the OpenAPI document generated from the contracts to
 * docs/openapi.json (decision 0024). `--check` only compares, and fails when the file drifted.
 */
const file = path.resolve(import.meta.dirname, '../docs/openapi.json');
const text = `${JSON.stringify(apiDocument(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed !== text) {
    console.error('docs/openapi.json differs from the contracts: run `npm run openapi` and commit it.');
    process.exit(1);
  }
  console.log('docs/openapi.json matches the contracts.');
} else {
  fs.writeFileSync(file, text);
  const document = apiDocument() as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  console.log(`Wrote docs/openapi.json: ${operations} operations.`);
}

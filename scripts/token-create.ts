import { parseArgs } from 'node:util';
import { loadConfig } from '../apps/server/src/config.ts';
import { AppError } from '../apps/server/src/lib/errors.ts';
import { startDatabase } from '../apps/server/src/db/start.ts';
import { ApiTokensRepository } from '../apps/server/src/modules/tokens/repository.ts';
import { AuditRepository } from '../apps/server/src/modules/audit/repository.ts';
import { AuditService } from '../apps/server/src/modules/audit/service.ts';
import { ApiTokensService, COMMAND_LINE_ISSUER, commandLineActor, tokenScopes, type TokenScope } from '../apps/server/src/modules/tokens/service.ts';

// `npm run token:create -- --organisation solvik --scope syncAccount [--name "Meter feed"] [--days 365]`
// Creates an API token for a provider's systems and prints it once (only its hash is stored).
const { values } = parseArgs({
  options: {
    organisation: { type: 'string' },
    scope: { type: 'string', multiple: true },
    name: { type: 'string', default: 'Command-line token' },
    days: { type: 'string' },
  },
});
const scopes = values.scope ?? [];
if (!values.organisation || scopes.length === 0 || !scopes.every((s) => (tokenScopes as readonly string[]).includes(s))) {
  console.error(`usage: npm run token:create -- --organisation <slug> --scope <${tokenScopes.join('|')}> [--scope …] [--name <name>] [--days <n>]`);
  process.exit(2);
}
const days = values.days === undefined ? null : Number(values.days);
if (days !== null && (!Number.isInteger(days) || days < 1)) {
  console.error('--days is a whole number of days, 1 or more');
  process.exit(2);
}

const database = await startDatabase(loadConfig(), () => {});
try {
  const organisation = await database.db.selectFrom('organisations').select('id').where('slug', '=', values.organisation).executeTakeFirst();
  if (!organisation) {
    console.error(`No organisation "${values.organisation}".`);
    process.exitCode = 1;
  } else {
    // The same service as the back office's calls: the same rules, and an audit entry.
    const service = new ApiTokensService(new ApiTokensRepository(database.db), { audit: new AuditService(new AuditRepository(database.db)) });
    const created = await service.create(
      {
        organisationId: organisation.id,
        name: values.name,
        scopes: scopes as TokenScope[],
        issuedBy: COMMAND_LINE_ISSUER,
        expiresAt: days === null ? null : new Date(Date.now() + days * 86_400_000),
      },
      commandLineActor,
    );
    console.log(`Token "${created.name}" (${created.tokenScopes.join(', ')}) for ${values.organisation}${created.expiresAt ? `, valid until ${created.expiresAt}` : ''}:\n\n  ${created.token}\n\nKeep it now: it is not shown again.`);
  }
} catch (error) {
  // The service's refusal (a short name, …) as its message, not a stack.
  console.error(error instanceof AppError ? `Refused: ${error.message}` : error);
  process.exitCode = 1;
} finally {
  await database.stop();
}
// The embedded PostgreSQL package's exit hook would end the process with 0: keep a failure's code.
if (process.exitCode) process.exit(process.exitCode);

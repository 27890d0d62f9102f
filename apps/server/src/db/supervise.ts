import type { EmbeddedDatabase } from './embedded.ts';

export interface SuperviseOptions {
  log: (line: string) => void;
  /**
   * PostgreSQL could not be brought back: the caller stops the process with a non-zero code, so
   * that whatever supervises the server (systemd, a container runtime) starts it again.
   */
  onFatal: (error: Error) => void;
  /** Start attempts after one crash. Default 5. */
  attempts?: number;
  /** Pause before each attempt. Default 500 ms. */
  retryDelayMs?: number;
  /** More crashes than this within `windowMs` is a fault a restart does not cure. Default 3 in 10 min. */
  maxCrashes?: number;
  windowMs?: number;
}

/**
 * Keeps the embedded PostgreSQL running: when it dies (killed, out of memory), it is started
 * again (crash recovery replays the WAL, so every acknowledged commit is back, see decision
 * 0028) and the pool's new connections reach it; the requests in flight meanwhile fail with 500
 * and readiness says 503. A server that will not come back, or keeps dying, is fatal.
 */
export function superviseEmbeddedPostgres(server: EmbeddedDatabase, options: SuperviseOptions): void {
  const attempts = options.attempts ?? 5;
  const retryDelayMs = options.retryDelayMs ?? 500;
  const maxCrashes = options.maxCrashes ?? 3;
  const windowMs = options.windowMs ?? 10 * 60_000;
  const crashes: number[] = [];

  server.onUnexpectedExit((reason, cleanly) => {
    if (cleanly) {
      // Shut down on purpose by someone else: starting it again would fight them.
      options.onFatal(new Error(`PostgreSQL was shut down from outside (${reason})`));
      return;
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && (crashes[0] ?? now) < now - windowMs) crashes.shift();
    if (crashes.length > maxCrashes) {
      options.onFatal(new Error(`PostgreSQL stopped ${crashes.length} times within ${Math.round(windowMs / 60_000)} minutes (last: ${reason})`));
      return;
    }
    options.log(`PostgreSQL stopped unexpectedly (${reason}); starting it again.`);
    void (async () => {
      let last: unknown;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        // The old server's sessions notice their postmaster is gone and exit within moments;
        // until they have, PostgreSQL refuses to start on their shared memory.
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs));
        try {
          // false: the server is being stopped on purpose, so there is nothing to bring back
          if (await server.restart()) options.log(`PostgreSQL is running again (attempt ${attempt}).`);
          return;
        } catch (error) {
          last = error;
        }
      }
      const said = last instanceof Error ? last.message : String(last);
      options.onFatal(new Error(`PostgreSQL stopped (${reason}) and did not start again after ${attempts} attempts: ${said}`, { cause: last }));
    })();
  });
}

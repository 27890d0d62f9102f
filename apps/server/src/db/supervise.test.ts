import { describe, expect, it } from 'vitest';
import type { EmbeddedDatabase } from './embedded.ts';
import { superviseEmbeddedPostgres } from './supervise.ts';

/** An embedded server that dies when told to, and whose restarts answer as scripted. */
function fakeServer(restarts: Array<boolean | Error>) {
  const listeners: Array<(reason: string, cleanly: boolean) => void> = [];
  let restartCalls = 0;
  const server: EmbeddedDatabase = {
    url: () => 'postgres://fake',
    createDatabase: () => Promise.resolve(),
    pid: 1,
    onUnexpectedExit: (listener) => listeners.push(listener),
    restart: () => {
      const next = restarts[restartCalls++] ?? true;
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    stop: () => Promise.resolve(),
  };
  return { server, die: (reason = 'killed by SIGKILL', cleanly = false) => listeners.forEach((l) => l(reason, cleanly)), restartCalls: () => restartCalls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('superviseEmbeddedPostgres', () => {
  it('starts PostgreSQL again when it dies, trying again while it refuses', async () => {
    const { server, die, restartCalls } = fakeServer([new Error('shared memory still in use'), true]);
    const logged: string[] = [];
    const fatal: Error[] = [];
    superviseEmbeddedPostgres(server, { log: (l) => logged.push(l), onFatal: (e) => fatal.push(e), retryDelayMs: 1 });
    die();
    await settle();
    expect(restartCalls()).toBe(2);
    expect(logged).toEqual(['PostgreSQL stopped unexpectedly (killed by SIGKILL); starting it again.', 'PostgreSQL is running again (attempt 2).']);
    expect(fatal).toEqual([]);
  });

  it('gives up, fatally, when it does not come back', async () => {
    const { server, die } = fakeServer(Array.from({ length: 5 }, () => new Error('could not bind')));
    const fatal: Error[] = [];
    superviseEmbeddedPostgres(server, { log: () => {}, onFatal: (e) => fatal.push(e), retryDelayMs: 1 });
    die('exited with code 1');
    await settle();
    expect(fatal.map((e) => e.message)).toEqual(['PostgreSQL stopped (exited with code 1) and did not start again after 5 attempts: could not bind']);
  });

  it('gives up when it keeps dying, and says nothing when it was being stopped anyway', async () => {
    const { server, die, restartCalls } = fakeServer([true, true, false]);
    const logged: string[] = [];
    const fatal: Error[] = [];
    superviseEmbeddedPostgres(server, { log: (l) => logged.push(l), onFatal: (e) => fatal.push(e), retryDelayMs: 1, maxCrashes: 3 });
    for (let i = 0; i < 3; i++) {
      die();
      await settle();
    }
    expect(restartCalls()).toBe(3);
    expect(logged.filter((l) => l.startsWith('PostgreSQL is running again'))).toHaveLength(2); // the third found stop() under way
    expect(fatal).toEqual([]);
    die();
    expect(fatal.map((e) => e.message)).toEqual(['PostgreSQL stopped 4 times within 10 minutes (last: killed by SIGKILL)']);
    expect(restartCalls()).toBe(3);
  });

  it('does not fight whoever shut it down cleanly (a Ctrl-C reaches PostgreSQL too): fatal, no restart', async () => {
    const { server, die, restartCalls } = fakeServer([]);
    const fatal: Error[] = [];
    superviseEmbeddedPostgres(server, { log: () => {}, onFatal: (e) => fatal.push(e), retryDelayMs: 1 });
    die('exited with code 0', true);
    await settle();
    expect(restartCalls()).toBe(0);
    expect(fatal.map((e) => e.message)).toEqual(['PostgreSQL was shut down from outside (exited with code 0)']);
  });
});

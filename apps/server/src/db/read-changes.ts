import pg from 'pg';
import type { ReadCache } from '../lib/read-cache.ts';
import { connectionStringOf, type Db } from './database.ts';

/** The channel the tables' triggers announce changed users and accounts on (migration 0014). */
export const READ_CHANGES_CHANNEL = 'gridline_reads';

/**
 * Keeps `cache` in step with the database (decision 0033): one connection of its own LISTENs to
 * the triggers' announcements and drops the reads they name. While that connection is down the
 * cache keeps nothing (and it connects again after a second), so a missed announcement can never
 * leave a stale read behind.
 */
export function followReadChanges(
  db: Db,
  cache: ReadCache | null,
  log: (message: string, error?: unknown) => void,
  /** Other channels heard on the same connection (`gridline_caches`, decision 0050), each with what to do with a payload. */
  channels: Readonly<Record<string, (payload: string) => void>> = {},
): { close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({ connectionString: connectionStringOf(db) });
    const lost = (error?: Error) => {
      cache?.stop();
      if (client !== next) return;
      client = null;
      next.end().catch(() => {});
      if (closed) return;
      if (error) log('The connection that hears data changes was lost; member reads go to the database until it is back', error);
      retry = setTimeout(() => void connect(), 1_000);
    };
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === READ_CHANGES_CHANNEL) cache?.invalidate((message.payload ?? '*').split(' '));
      else channels[message.channel]?.(message.payload ?? '');
    });
    try {
      await next.connect();
      for (const channel of Object.keys(channels)) await next.query(`LISTEN ${channel}`);
      // Last: the connection is known in pg_stat_activity by this statement (the tests end it by it).
      await next.query(`LISTEN ${READ_CHANGES_CHANNEL}`);
      if (client === next && !closed) cache?.start();
    } catch (error) {
      lost(error instanceof Error ? error : new Error(String(error)));
    }
  };
  void connect();

  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      cache?.stop();
      const open = client;
      client = null;
      await open?.end().catch(() => {});
    },
  };
}

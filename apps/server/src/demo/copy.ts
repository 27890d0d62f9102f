import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Bulk writing for the demo's readings and market data: `COPY … FROM STDIN` in PostgreSQL's text
 * format, fed from a generator of lines. The stream pulls chunks only as fast as the server takes
 * them, so memory stays flat however many rows there are; an INSERT of the same rows would cost
 * several times the time in parsing and planning.
 */

const CHUNK_CHARS = 1 << 16;

/** Joins lines into chunks of about 64 KB: one stream write per line would cost more than the line. */
function* chunked(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += line;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Streams `lines` (each ending in a newline, fields separated by tabs) into `COPY <target> FROM
 * STDIN` and returns the number of rows written.
 */
export async function copyLines(client: pg.ClientBase, target: string, lines: Iterable<string>): Promise<number> {
  const stream = client.query(copyFrom(`COPY ${target} FROM STDIN`));
  await pipeline(Readable.from(chunked(lines)), stream);
  return stream.rowCount;
}

const TIMES: readonly string[] = Array.from(
  { length: 96 },
  (_, quarter) => `${String(Math.floor(quarter / 4)).padStart(2, '0')}:${String((quarter % 4) * 15).padStart(2, '0')}:00+00`,
);

/**
 * Formats instants on whole quarter-hours as timestamptz text ('2025-03-30 01:15:00+00') without
 * a Date per call: the date part is kept while the day stays the same.
 */
export class TimestampText {
  private dayStart = Number.NaN;
  private dayText = '';

  format(instant: number): string {
    const offset = instant - this.dayStart;
    if (!(offset >= 0 && offset < 86_400_000)) {
      this.dayStart = instant - (((instant % 86_400_000) + 86_400_000) % 86_400_000);
      this.dayText = `${new Date(this.dayStart).toISOString().slice(0, 10)} `;
      return this.format(instant);
    }
    return this.dayText + TIMES[Math.floor(offset / 900_000)];
  }
}

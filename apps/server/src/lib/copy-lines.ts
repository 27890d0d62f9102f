import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * Bulk writing: `COPY … FROM STDIN` in PostgreSQL's text format, fed from a generator of lines
 * (the demo's readings and market data, the readings of every write). The stream pulls chunks
 * only as fast as the server takes them, so memory stays flat however many rows there are; an
 * INSERT of the same rows costs several times the time in parameters, parsing and planning.
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

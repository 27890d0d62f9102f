import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { ingestReadings } from '@gridline/contracts/endpoints/ingest';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { tenant } from '../../plugins/context.ts';
import type { ApiTokensService } from '../tokens/service.ts';
import { csvCells, ndjsonFields } from './rows.ts';
import type { IngestService, NumberedRow } from './service.ts';

const NDJSON = 'application/x-ndjson';
const CSV = 'text/csv';

/**
 * The numbered rows of a body, NDJSON objects or CSV rows under their header, read as a stream
 * and handed on a chunk of the body at a time (per-line async steps would cost more than the line).
 */
export async function* numberedRows(body: AsyncIterable<Buffer | string>, format: 'ndjson' | 'csv'): AsyncGenerator<NumberedRow[]> {
  const decoder = new TextDecoder('utf-8');
  let header: string[] | null = null;
  let number = 0;
  let rest = '';
  const rowsOf = (lines: string[]): NumberedRow[] => {
    const rows: NumberedRow[] = [];
    for (const raw of lines) {
      number++;
      const line = raw.trim();
      if (line === '') continue;
      if (format === 'ndjson') rows.push({ line: number, fields: ndjsonFields(line) });
      else if (!header) header = csvCells(line).map((h) => h.trim());
      else {
        const cells = csvCells(line);
        const named = header;
        rows.push({
          line: number,
          fields: cells.length === named.length ? Object.fromEntries(named.map((h, i) => [h, cells[i]])) : `WRONG_CELL_COUNT: ${cells.length} cells under a header of ${named.length}`,
        });
      }
    }
    return rows;
  };
  for await (const chunk of body) {
    const lines = (rest + (typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))).split('\n');
    rest = lines.pop() ?? '';
    if (lines.length > 0) yield rowsOf(lines);
  }
  rest += decoder.decode();
  if (rest !== '') yield rowsOf([rest]);
}

export function ingestRoutes(app: FastifyInstance, deps: { ingest: IngestService; apiTokens: ApiTokensService }): void {
  // The body is handed over as a stream: a file of any size is read line by line, never held whole.
  app.addContentTypeParser([NDJSON, CSV], (_request, payload, done) => done(null, payload));

  route(app, ingestReadings, async (request) => {
    const organisation = tenant(request);
    const bearer = request.headers.authorization?.startsWith('Bearer ') ? request.headers.authorization.slice(7).trim() : '';
    if (!bearer) throw new AppError('UNAUTHORIZED');
    await deps.apiTokens.authorise(bearer, organisation.id, 'syncAccount');
    const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim();
    if (type !== NDJSON && type !== CSV) throw new AppError('VALIDATION_FAILED', { message: `Send ${NDJSON} or ${CSV}` });
    return deps.ingest.readings(organisation.id, numberedRows(request.body as unknown as Readable, type === CSV ? 'csv' : 'ndjson'));
  });
}

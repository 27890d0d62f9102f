import type { FastifyReply } from 'fastify';
import type { Readable } from 'node:stream';

/** A file a staff export answers: its text (or a stream of it), its name, and how many rows it holds. */
export interface DownloadFile {
  body: string | Readable;
  fileName: string;
  rows: number;
  /** CSV unless said. */
  contentType?: string;
}

/**
 * Answers an export as a download (the audit log, feedback, copy texts): attached under its
 * name, never kept by a cache, with its row count in `x-total-count`.
 */
export function sendDownload(reply: FastifyReply, file: DownloadFile): FastifyReply {
  return reply
    .type(file.contentType ?? 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .header('x-total-count', String(file.rows))
    .send(file.body);
}

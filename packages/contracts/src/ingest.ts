import { z } from 'zod';

/**
 * Bulk readings (`POST /v4/{organisation}/ingest/readings`, decision 0017): the body is NDJSON or
 * CSV, one reading a line; the answer counts the lines and lists the first rejected ones.
 */
export const IngestReport = z.object({
  received: z.number().int(),
  accepted: z.number().int(),
  /** Accepted rows that were new or changed a stored reading. */
  changed: z.number().int(),
  rejected: z.number().int(),
  /** The first rejected lines (at most 1 000) and why. */
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
});
export type IngestReport = z.infer<typeof IngestReport>;

import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { IngestReport } from '../ingest.ts';

/** Bulk readings from the provider's systems (spec 001 §7 "sync"; decision 0017). */

export const ingestReadings = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/ingest/readings',
  operationId: 'ingestReadings',
  tag: 'ingest',
  summary: 'Bulk readings as NDJSON or CSV (API token with scope syncAccount)',
  description:
    'One reading a line: serviceId (or meteringPointId and serviceType), start (ISO 8601 with offset), minutes (15 or 60) or resolution (PT15M, PT60M), value (kWh or m3, up to 4 decimals), certainty (0–1, default 1), status (0–9, default 2). ' +
    'Answers received, accepted, changed and rejected counts with the rejected lines and reasons. Written in batches of 50 000; sending a file again changes nothing that is already stored.',
  auth: { apiToken: ['syncAccount'] },
  params: z.object({ organisation: z.string() }),
  rawBody: {
    contentTypes: ['application/x-ndjson', 'text/csv'],
    description: 'NDJSON objects, or CSV rows under a header row',
    example: '{"serviceId":"64b7f0c2a1d3e4f5a6b7c8e2","start":"2025-10-26T00:00:00Z","minutes":15,"value":0.412}\n',
  },
  response: { data: IngestReport },
  errors: ['FORBIDDEN'],
  examples: {
    params: { organisation: 'solvik' },
    data: { received: 2, accepted: 1, changed: 1, rejected: 1, errors: [{ line: 2, reason: 'UNKNOWN_SERVICE' }] },
  },
});

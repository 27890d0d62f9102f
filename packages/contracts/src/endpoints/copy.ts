import { endpoint } from '../endpoint.ts';
import { CopyGroups, CopyQuery } from '../organisations.ts';

/** Copy texts per group and language (spec 000 §7, spec 002 §7). */

export const getCopy = endpoint({
  method: 'GET',
  path: '/v3/copy/aggregated',
  operationId: 'getCopy',
  tag: 'copy',
  summary: "The organisation's copy texts merged over the platform's and the bundled defaults",
  description: 'Groups in `types` (comma-separated; all when absent). Answers a weak ETag and honours If-None-Match with 304.',
  auth: 'none',
  query: CopyQuery,
  response: { data: CopyGroups, notModified: true },
  errors: ['UNKNOWN_ORGANISATION'],
  examples: {
    query: { version: 'v3.0', organisation: 'solvik', language: 'sv', types: 'my-pages,shared' },
    data: { shared: { errors: { WRONG_PASSWORD: 'Fel lösenord' } } },
  },
});

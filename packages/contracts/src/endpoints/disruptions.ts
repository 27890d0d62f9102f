import { z } from 'zod';
import { ActiveDisruptionQuery, Disruption } from '../disruptions.ts';
import { endpoint } from '../endpoint.ts';

/** Disruption notices as customers' clients read them (spec 002 §7, spec 000 §2.4). */

// Spec 002 §7 writes `GET /v4/disruptions/{product}/active-disruption?product=`: the path names
// the organisation (the provider's white-label product), the query the channel asking.
export const getActiveDisruption = endpoint({
  method: 'GET',
  path: '/v4/disruptions/{product}/active-disruption',
  operationId: 'getActiveDisruption',
  tag: 'disruptions',
  summary: 'The disruption in force for a channel of the organisation, or null (public)',
  description:
    '`{product}` is the organisation slug; `?product=` the channel, `mypages` (the portal) or `app`. Fatal before warning, then the more severe, then the latest start. `cache-control: no-store`.',
  auth: 'none',
  params: z.object({ product: z.string() }),
  query: ActiveDisruptionQuery,
  response: { data: Disruption.nullable() },
  errors: ['UNKNOWN_ORGANISATION'],
  examples: { params: { product: 'solvik' }, query: { product: 'mypages' } },
});

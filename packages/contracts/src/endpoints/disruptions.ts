import { z } from 'zod';
import { Id } from '../common.ts';
import { ActiveDisruptionQuery, Disruption, DisruptionRequest, disruptionManagers, ListDisruptionsQuery, StaffDisruption } from '../disruptions.ts';
import { Done } from '../staff.ts';
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

/*
 * Disruptions for staff (spec 002 §7, issue 17; decision 0044). `{product}` is the organisation's
 * slug, as in the customers' read above: organisation staff reach their own only (another's is
 * 404), platform staff every one. A rule the body breaks answers its own key (`DISRUPTION_…`)
 * with the issues in `data.issues`. Every change is an audit entry with its before and after.
 */

const ProductParams = z.object({ product: z.string() });
const DisruptionParams = z.object({ product: z.string(), id: Id });
const exampleIds = { product: 'solvik', id: '64b7f0c2a1d3e4f5a6b7c8d9' };
const ruleKeys = [
  'DISRUPTION_NAME_REQUIRED',
  'DISRUPTION_TARGET_REQUIRED',
  'DISRUPTION_TITLE_TOO_LONG',
  'DISRUPTION_MESSAGE_TOO_LONG',
  'DISRUPTION_MESSAGE_REQUIRED',
  'DISRUPTION_END_BEFORE_START',
] as const;
const exampleBody = {
  name: 'Network maintenance',
  type: 'warning',
  targets: ['mypages', 'app'],
  title: { en: 'Planned maintenance tonight', sv: 'Planerat underhåll i kväll' },
  message: { en: 'Sign-in may be unavailable between 22:00 and 23:00.', sv: 'Inloggningen kan vara otillgänglig mellan 22.00 och 23.00.' },
  enabled: true,
  schedule: { startDate: '2026-12-01T21:00:00Z', endDate: '2026-12-01T22:00:00Z' },
  level: 'moderate',
};

export const listDisruptions = endpoint({
  method: 'GET',
  path: '/v4/disruptions/bridge/{product}/disruptions',
  operationId: 'listDisruptions',
  tag: 'disruptions',
  summary: "An organisation's disruptions, newest first, paged (staff)",
  description: '`status` (planned, ongoing, finished) follows from the schedule and the server clock; an unscheduled disruption is ongoing. `updatedBy` is the e-mail of who changed it last.',
  auth: { scopes: disruptionManagers },
  params: ProductParams,
  query: ListDisruptionsQuery,
  response: { data: z.array(StaffDisruption), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { product: 'solvik' }, query: { status: 'ongoing', limit: 25, page: 1 } },
});

export const createDisruption = endpoint({
  method: 'POST',
  path: '/v4/disruptions/bridge/{product}/disruption',
  operationId: 'createDisruption',
  tag: 'disruptions',
  summary: 'Create a disruption (staff)',
  description: 'An enabled fatal disruption for `mypages` closes the portal for every customer of the organisation while it is ongoing.',
  auth: { scopes: disruptionManagers },
  params: ProductParams,
  body: DisruptionRequest,
  response: { data: StaffDisruption },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', ...ruleKeys],
  examples: { params: { product: 'solvik' }, body: exampleBody },
});

export const updateDisruption = endpoint({
  method: 'PUT',
  path: '/v4/disruptions/bridge/{product}/disruption/{id}',
  operationId: 'updateDisruption',
  tag: 'disruptions',
  summary: 'Replace a disruption (staff)',
  description: 'The whole disruption, as for creating one.',
  auth: { scopes: disruptionManagers },
  params: DisruptionParams,
  body: DisruptionRequest,
  response: { data: StaffDisruption },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', ...ruleKeys],
  examples: { params: exampleIds, body: exampleBody },
});

export const toggleDisruption = endpoint({
  method: 'PUT',
  path: '/v4/disruptions/bridge/{product}/disruption/{id}/toggle',
  operationId: 'toggleDisruption',
  tag: 'disruptions',
  summary: 'Switch a disruption on or off (staff)',
  description: 'Turns an enabled disruption off and a disabled one on; answers it. Customers see the change on their next read.',
  auth: { scopes: disruptionManagers },
  params: DisruptionParams,
  response: { data: StaffDisruption },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: exampleIds },
});

export const deleteDisruption = endpoint({
  method: 'DELETE',
  path: '/v4/disruptions/bridge/{product}/disruption/{id}',
  operationId: 'deleteDisruption',
  tag: 'disruptions',
  summary: 'Delete a disruption (staff)',
  auth: { scopes: disruptionManagers },
  params: DisruptionParams,
  response: { data: Done },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: exampleIds },
});

/** Spec 001 §7 `GET /disruptions` on the account path: the disruptions in force for the signed-in customer's organisation. */
export const listCustomerDisruptions = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/disruptions',
  operationId: 'listCustomerDisruptions',
  tag: 'disruptions',
  summary: "The disruptions in force for the signed-in customer's organisation",
  description: 'Enabled and ongoing, in every channel (`targets` says where each is shown); fatal first, then the more severe, then the latest start. Without who changed them. `cache-control: no-store`.',
  auth: 'user',
  params: z.object({ organisation: z.string() }),
  response: { data: z.array(Disruption) },
  errors: [],
  examples: { params: { organisation: 'solvik' } },
});

import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { LocationQuery, UpdateLocationRequest } from '../home.ts';
import { Location } from '../locations.ts';

/** An account's locations and their home details (spec 000 §7, spec 001 §7). */

const AccountParams = z.object({ organisation: z.string(), accountId: z.string() });
const params = { organisation: 'solvik', accountId: '64b7f0c2a1d3e4f5a6b7c8d9' };

export const getAccountLocations = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/accounts/{accountId}',
  operationId: 'getAccountLocations',
  tag: 'locations',
  summary: "The account's visible locations",
  description: 'Visible: ACTIVE, ACTIVE_PROCESS or PENDING. `404 NOT_FOUND` unless the user is a member of the account.',
  auth: 'user',
  params: AccountParams,
  response: { data: z.array(Location) },
  errors: ['MISSING_ACCOUNT_ID', 'NOT_FOUND'],
  examples: { params },
});

export const getLocation = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/locations/accounts/{accountId}/location',
  operationId: 'getLocation',
  tag: 'locations',
  summary: 'One visible location of the account',
  description: 'Spec 001 §7. `404 NOT_FOUND` unless the location (`id`) is of the account, visible (ACTIVE, ACTIVE_PROCESS, PENDING) and the user a member of the account.',
  auth: 'user',
  params: AccountParams,
  query: LocationQuery,
  response: { data: Location },
  errors: ['MISSING_ACCOUNT_ID', 'NOT_FOUND'],
  examples: { params, query: { id: '64b7f0c2a1d3e4f5a6b7c8e1' } },
});

export const updateLocation = endpoint({
  method: 'PATCH',
  path: '/v4/{organisation}/locations/accounts/{accountId}/location',
  operationId: 'updateLocation',
  tag: 'locations',
  summary: "Change the location's home details (my home)",
  description:
    'Spec 001 §7 (body: the fields to change; here `extras`). The given extras fields replace the stored ones, others (ageMix, houseAge) stay. Bounds (packages/contracts/src/home.ts): ' +
    'size 20–300, numberOfResidens 1–20, wasteful 0.7–1.3 in steps of 0.1, lists of at most 50 entries with their "none" (no_vehicle, no_gadgets, none) only alone; ' +
    'anything else is `400 VALIDATION_FAILED` naming the field. Access as the GET (`404 NOT_FOUND`). Answers the updated location.',
  auth: 'user',
  params: AccountParams,
  query: LocationQuery,
  body: UpdateLocationRequest,
  response: { data: Location },
  errors: ['MISSING_ACCOUNT_ID', 'NOT_FOUND'],
  examples: { params, query: { id: '64b7f0c2a1d3e4f5a6b7c8e1' }, body: { extras: { propertyType: 'HOUSE', size: 140, numberOfResidens: 4, cars: ['electric'] } } },
});

import type { Endpoint } from '../endpoint.ts';
import { Location } from '../locations.ts';
import { User } from '../users.ts';
import * as auth from './auth.ts';
import * as users from './users.ts';

/** The endpoint objects a domain file exports (it may export other constants, such as a path). */
const endpointsOf = (domain: Record<string, unknown>): Endpoint[] =>
  Object.values(domain).filter((value): value is Endpoint => typeof value === 'object' && value !== null && 'operationId' in value);

/**
 * Every endpoint of the API, the list the OpenAPI document is generated from and the server
 * checks its routes against (one file per domain beside this one).
 */
export const allEndpoints: readonly Endpoint[] = [...endpointsOf(auth), ...endpointsOf(users)];

/** Entities written once under `#/components/schemas` (recursive schemas must be here). */
export const components = { User, Location } as const;

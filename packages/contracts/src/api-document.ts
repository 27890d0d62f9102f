import { allEndpoints, components } from './endpoints/all.ts';
import { openApiDocument } from './openapi.ts';

/** The API's version in the OpenAPI document (the spec's v4 paths). */
export const API_VERSION = '4.0.0';

/** The OpenAPI document of every endpoint: served at /docs/openapi.json and committed as docs/openapi.json. */
export function apiDocument(): Record<string, unknown> {
  return openApiDocument({ endpoints: allEndpoints, components, version: API_VERSION });
}

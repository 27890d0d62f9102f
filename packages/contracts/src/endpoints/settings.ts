import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
import { FullRelease, PortalFlags, PublicRelease, ReleaseQuery } from '../settings.ts';

/**
 * The release service of spec 002 section 7. The public release is what the portal loads before
 * its first paint: cacheable for a minute, with an ETag of the release id for cheap revalidation.
 */

const params = z.object({ organisation: z.string() });
const example = { organisation: 'solvik' };

export const getRelease = endpoint({
  method: 'GET',
  path: '/v3/settings/releases/{organisation}',
  operationId: 'getRelease',
  tag: 'settings',
  summary: "The organisation's latest public release",
  description: 'Theme, feature flags, public configuration, modules and favorites. `bypassCache=true` reads past the server cache. Answers a weak ETag; If-None-Match answers 304.',
  auth: 'none',
  params,
  query: ReleaseQuery,
  response: { data: PublicRelease, notModified: true },
  errors: ['UNKNOWN_ORGANISATION'],
  examples: { params: example },
});

export const getReleaseFlags = endpoint({
  method: 'GET',
  path: '/v3/settings/releases/flags/{organisation}',
  operationId: 'getReleaseFlags',
  tag: 'settings',
  summary: "The organisation's feature flags",
  auth: 'none',
  params,
  query: ReleaseQuery,
  response: { data: PortalFlags, notModified: true },
  errors: ['UNKNOWN_ORGANISATION'],
  examples: { params: example },
});

export const getFullRelease = endpoint({
  method: 'GET',
  path: '/v3/settings/releases/full/{organisation}',
  operationId: 'getFullRelease',
  tag: 'settings',
  summary: 'The latest full release, protected configuration included (admin scopes)',
  // The protected configuration is for the provider's staff, never for customer tokens.
  auth: { scopes: ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_DEVELOPER'] },
  params,
  query: ReleaseQuery,
  response: { data: FullRelease },
  errors: ['UNKNOWN_ORGANISATION'],
  examples: { params: example },
});

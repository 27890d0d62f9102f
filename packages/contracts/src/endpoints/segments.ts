import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import type { ConditionalFavorite } from '../settings-modules.ts';
import { settingsReaders } from '../settings-parts.ts';
import { Audience, AUDIENCE_EXAMPLES, AudienceRequest, audienceReaders, operatorsByType, SEGMENT_MAX_RULES, segmentErrorKeys } from '../segments.ts';

/**
 * Audiences (issue 18, decision 0052): how many of an organisation's locations a rule set of
 * segment rules (spec 002 §3, §5) matches now, from the real data, with a few example customers.
 * The spec does not name the call; by the convention for such paths it is under
 * `/v4/{organisation}/`. A read: nothing changes, no audit entry. Organisation staff reach their
 * own organisation (another's is 404), platform staff every one.
 */

const OrganisationParams = z.object({ organisation: z.string() });

export const previewAudience = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/settings/audience',
  operationId: 'previewAudience',
  tag: 'segments',
  summary: "How many of the organisation's locations a rule set matches, with up to five example customers",
  description:
    'The body is `{ rules: { match: AND | OR, rules: [{ name, operator, value }] } }`, at most ' +
    `${SEGMENT_MAX_RULES} rules (\`400 SEGMENT_TOO_MANY_RULES\`). Operators by the attribute's type: string and boolean ${operatorsByType.string.join(', ')}; ` +
    `number ${operatorsByType.number.join(', ')}; string list ${operatorsByType.stringArray.join(', ')}. ` +
    'An empty rule set matches every location; a location without a value for an attribute matches only `notEquals` and `noneOf` on it. ' +
    "`total` is the organisation's locations a customer sees (ACTIVE, ACTIVE_PROCESS, PENDING); `matched` those of them the rule set matches; " +
    `\`examples\` up to ${AUDIENCE_EXAMPLES} of them, by the customer's name. ` +
    'Where the data has no value for an attribute (hasDeviationsEnabled), no location has it (decision 0052).',
  auth: { scopes: audienceReaders },
  params: OrganisationParams,
  body: AudienceRequest,
  response: { data: Audience },
  errors: [...segmentErrorKeys],
  examples: {
    params: { organisation: 'solvik' },
    body: {
      rules: {
        match: 'AND',
        rules: [
          { name: 'propertyType', operator: 'equals', value: 'HOUSE' },
          { name: 'heatingTypes', operator: 'anyOf', value: ['geothermal', 'airwater'] },
        ],
      },
    },
  },
});

export const LocationAttributes = z.object({
  locationId: z.string(),
  customerName: z.string(),
  address: z.string(),
  city: z.string(),
  /** The location's segment attributes now (spec 002 §3); an attribute the data has no value for is left out. */
  attributes: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
});
export type LocationAttributes = z.infer<typeof LocationAttributes>;

export const getLocationAttributes = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/settings/audience/locations/{locationId}/attributes',
  operationId: 'getLocationAttributes',
  tag: 'segments',
  summary: "One location's segment attributes now, as the audience evaluator sees them",
  description:
    'For the home-module preview (decision 0058): the back office evaluates an item\'s segment rules with the one evaluator (`matchesSegment`) against these. ' +
    "A location of another organisation, or one a customer does not see (not ACTIVE, ACTIVE_PROCESS or PENDING), is 404. A read: no audit entry.",
  auth: { scopes: audienceReaders },
  params: OrganisationParams.extend({ locationId: Id }),
  response: { data: LocationAttributes },
  errors: ['MALFORMED_ID', 'NOT_FOUND'],
  examples: { params: { organisation: 'solvik', locationId: '64b7f0c2a1b2c3d4e5f60718' } },
});

export const FavoriteAvailabilityBody = z.object({
  WasteRemovalFavorite: z.boolean(),
  RecyclingCentralFavorite: z.boolean(),
  LoadPeaksFavorite: z.boolean(),
  RealtimeProviderFavorite: z.boolean(),
} satisfies Record<ConditionalFavorite, z.ZodBoolean>);

export const getAvailableFavorites = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/settings/modules/favorites',
  operationId: 'getAvailableFavorites',
  tag: 'segments',
  summary: 'Which conditional favorites the organisation can offer (it has the service)',
  description:
    'Spec 002 §3: WasteRemovalFavorite, RecyclingCentralFavorite, LoadPeaksFavorite and RealtimeProviderFavorite are offered only where the organisation has the service (decision 0058): ' +
    'waste removal and recycling central where a location has a waste service, load peaks where a service is on a grid tariff with a power fee, a realtime provider where a service has realtime measurements. ' +
    'A modules draft or release that enables one the organisation cannot offer is refused (`FAVORITE_NOT_AVAILABLE`).',
  auth: { scopes: settingsReaders },
  params: OrganisationParams,
  response: { data: FavoriteAvailabilityBody },
  errors: [],
  examples: { params: { organisation: 'solvik' } },
});

import { z } from 'zod';
import { endpoint } from '../endpoint.ts';
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

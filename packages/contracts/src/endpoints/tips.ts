import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { Done } from '../staff.ts';
import { ListTipsQuery, LocationTip, Tip, TipCompletedRequest, TipLanguageQuery, TipRequest, tipReaders, tipRuleKeys, tipWriters, TipWriteQuery } from '../tips.ts';

/*
 * Tips (spec 001 §7, spec 002 §7 "Tips"; issue 18, decision 0053). The customer's calls name the
 * location; the organisation is the token's and the reader must be a member of the location's
 * account (another's location is 404). The staff calls name the organisation with
 * `?organisation=` (organisation staff may leave it out: their own; platform staff must); another
 * organisation's tip is 404. Every staff write is an audit entry with its before and after.
 */

const exampleLocation = '64b7f0c2a1d3e4f5a6b7c8d0';
const exampleTip = '64b7f0c2a1d3e4f5a6b7c8d9';
const exampleBody = {
  texts: {
    en: { title: 'Lower the heat by one degree', body: 'Each degree lower saves about five per cent of the heating energy.' },
    sv: { title: 'Sänk värmen en grad', body: 'Varje grad lägre sparar ungefär fem procent av värmeenergin.' },
  },
  segments: { heatingTypes: ['direct', 'air'], services: ['consumption_grid'] },
  enabled: true,
  sortOrder: 10,
};

export const listLocationTips = endpoint({
  method: 'GET',
  path: '/v3/tips/{locationId}',
  operationId: 'listLocationTips',
  tag: 'tips',
  summary: "The tips for a location, in a language, with whether each is done (the location's members)",
  description:
    'The enabled tips of the organisation whose segments match the location (its heating, floor heating, water heater and services, and whether the reader owns its account), in sort order. ' +
    'Each in `?language=` where the tip is written in it, else the organisation\'s default language, else English, else any language it is written in (`language` says which).',
  auth: 'user',
  params: z.object({ locationId: Id }),
  query: TipLanguageQuery,
  response: { data: z.array(LocationTip) },
  errors: ['NOT_FOUND'],
  examples: { params: { locationId: exampleLocation }, query: { language: 'sv' } },
});

export const setTipCompleted = endpoint({
  method: 'PATCH',
  path: '/v3/tips/{locationId}/{tipId}/completed',
  operationId: 'setTipCompleted',
  tag: 'tips',
  summary: 'Mark a tip done or not done at a location (the location\'s members)',
  description: 'Answers the tip as `GET /v3/tips/{locationId}` lists it. A tip that is disabled or not for the location is 404. A read-only session (support mode) is refused.',
  auth: 'user',
  params: z.object({ locationId: Id, tipId: Id }),
  query: TipLanguageQuery,
  body: TipCompletedRequest,
  response: { data: LocationTip },
  errors: ['NOT_FOUND', 'READ_ONLY_SESSION'],
  examples: { params: { locationId: exampleLocation, tipId: exampleTip }, query: { language: 'sv' }, body: { completed: true } },
});

export const listTips = endpoint({
  method: 'GET',
  path: '/v3/data/tips/',
  operationId: 'listTips',
  tag: 'tips',
  summary: "An organisation's tips, in sort order, paged (staff)",
  auth: { scopes: tipReaders },
  query: ListTipsQuery,
  response: { data: z.array(Tip), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik', limit: 25, page: 1 } },
});

export const createTip = endpoint({
  method: 'POST',
  path: '/v3/data/tips',
  operationId: 'createTip',
  tag: 'tips',
  summary: 'Create a tip (staff)',
  description: 'Titles at most 100 and bodies at most 1000 characters per language; at least one language with a title and a body. Audited as `tip.create`.',
  auth: { scopes: tipWriters },
  query: TipWriteQuery,
  body: TipRequest,
  response: { data: Tip },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', ...tipRuleKeys],
  examples: { query: { organisation: 'solvik' }, body: exampleBody },
});

export const updateTip = endpoint({
  method: 'PUT',
  path: '/v3/data/tips/{id}',
  operationId: 'updateTip',
  tag: 'tips',
  summary: 'Replace a tip (staff)',
  description: 'The whole tip, as for creating one; the locations keep whether they did it. Audited as `tip.update`.',
  auth: { scopes: tipWriters },
  params: z.object({ id: Id }),
  query: TipWriteQuery,
  body: TipRequest,
  response: { data: Tip },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', ...tipRuleKeys],
  examples: { params: { id: exampleTip }, query: { organisation: 'solvik' }, body: exampleBody },
});

export const deleteTip = endpoint({
  method: 'DELETE',
  path: '/v3/data/tips/{id}',
  operationId: 'deleteTip',
  tag: 'tips',
  summary: 'Delete a tip and every location\'s state of it (staff)',
  description: 'Audited as `tip.delete`.',
  auth: { scopes: tipWriters },
  params: z.object({ id: Id }),
  query: TipWriteQuery,
  response: { data: Done },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { id: exampleTip }, query: { organisation: 'solvik' } },
});

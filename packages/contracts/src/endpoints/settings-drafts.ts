import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint, type Endpoint } from '../endpoint.ts';
import {
  ChangeRequest,
  ChangeRequestStatus,
  CommentBody,
  CreateChangeRequest,
  draftPartSchemas,
  PartRelease,
  PublishingPolicy,
  ReleaseSummary,
  releasePartSchemas,
  RollbackBody,
  ScheduleBody,
  SettingsChange,
  SettingsDraft,
  settingsEditors,
  type SettingsPart,
  settingsParts,
  settingsReaders,
  SettingsState,
} from '../settings-parts.ts';
import type { StaffScope } from '../staff.ts';
import { Done } from '../staff.ts';

/*
 * Drafts and releases of an organisation's settings (spec 002 §3, §7; issue 18, decision 0054).
 * The spec names a path per part (`/v3/settings/drafts/themes`, `…/releases/themes/{org}`), so
 * each part has its own operations, made here from one description. Organisation staff reach
 * their own organisation only (another's is 404); platform staff every one.
 */

const OrgParams = z.object({ organisation: z.string() });
const example = { organisation: 'solvik' };
const camel = (part: SettingsPart) => part.replace(/-(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase());
const Paging = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

const draftKeys = ['NOT_FOUND', 'DRAFT_EXISTS', 'DRAFT_STALE'] as const;

function draftEndpoints(part: SettingsPart) {
  const path = `/v3/settings/drafts/${part}/{organisation}`;
  const name = `${camel(part)}Draft`;
  const body = draftPartSchemas[part];
  const common = { path, tag: 'settings drafts', params: OrgParams, response: { data: SettingsDraft } } as const;
  const list = part === 'custom-favorites' ? ' (a list of custom favorites)' : ' (partial: the fields changed so far)';
  const ifMatch = ' Send `If-Match: "<revision>"` to change only the revision you read (412 `DRAFT_STALE` otherwise).';
  return {
    get: endpoint({ ...common, method: 'GET', operationId: `get${name}`, summary: `The ${part} draft, with the live part and what publishing it would release`, auth: { scopes: settingsReaders }, errors: ['NOT_FOUND'], examples: { params: example } }),
    create: endpoint({ ...common, method: 'POST', operationId: `create${name}`, summary: `Start a ${part} draft${list}`, description: `409 \`DRAFT_EXISTS\` when one is open; change it with PUT or PATCH.`, auth: { scopes: settingsEditors }, body, errors: [...draftKeys], examples: { params: example } }),
    replace: endpoint({ ...common, method: 'PUT', operationId: `replace${name}`, summary: `Replace the ${part} draft${list}`, description: ifMatch, auth: { scopes: settingsEditors }, body, errors: [...draftKeys], examples: { params: example } }),
    patch: endpoint({
      ...common,
      method: 'PATCH',
      operationId: `patch${name}`,
      summary: `Change fields of the ${part} draft (JSON merge patch)`,
      description: `Objects merge field by field; \`null\` removes a field from the draft (back to the live value); lists are replaced whole.${ifMatch}`,
      auth: { scopes: settingsEditors },
      body: part === 'custom-favorites' ? body : z.record(z.string(), z.unknown()),
      errors: [...draftKeys],
      examples: { params: example },
    }),
    discard: endpoint({ ...common, method: 'DELETE', operationId: `discard${name}`, summary: `Discard the ${part} draft (the live part stays)`, auth: { scopes: settingsEditors }, errors: ['NOT_FOUND', 'DRAFT_STALE'], examples: { params: example } }),
  };
}

/** The drafts of the five parts: GET, POST, PUT, PATCH and DELETE each. */
export const draftEndpointsByPart = Object.fromEntries(settingsParts.map((part) => [part, draftEndpoints(part)])) as Record<SettingsPart, ReturnType<typeof draftEndpoints>>;
export const draftOperations: readonly Endpoint[] = settingsParts.flatMap((part) => Object.values(draftEndpointsByPart[part]));

const releaseKeys = ['NOT_FOUND', 'SETTINGS_RELEASE_INVALID', 'APPROVAL_REQUIRED', 'CHANGE_REQUEST_OPEN'] as const;

function partReleaseEndpoints(part: SettingsPart) {
  const base = `/v3/settings/releases/${part}`;
  const name = camel(part);
  const list = endpoint({
    method: 'GET',
    path: `${base}/{organisation}`,
    operationId: `list${name}Releases`,
    tag: 'settings',
    summary: `The releases that changed the ${part}, newest first, paged`,
    auth: { scopes: settingsReaders },
    params: OrgParams,
    query: Paging,
    response: { data: z.array(PartRelease), paged: true },
    errors: ['NOT_FOUND'],
    examples: { params: example },
  });
  const latest = endpoint({
    method: 'GET',
    path: `${base}/latest/{organisation}`,
    operationId: `getLatest${name}Release`,
    tag: 'settings',
    summary: `The ${part} in force`,
    auth: { scopes: settingsReaders },
    params: OrgParams,
    response: { data: PartRelease },
    errors: ['NOT_FOUND'],
    examples: { params: example },
  });
  const publish = endpoint({
    method: 'POST',
    path: `${base}/{organisation}`,
    operationId: `publish${name}Release`,
    tag: 'settings',
    summary: `Publish a whole ${part} as a new release (the other parts stay as they are)`,
    description: 'Answers the release. Refused (409 `APPROVAL_REQUIRED`) where the organisation requires four-eyes approval: publish through a change request there.',
    auth: { scopes: settingsEditors },
    params: OrgParams,
    body: releasePartSchemas[part],
    response: { data: PartRelease },
    errors: [...releaseKeys],
    examples: { params: example },
  });
  const remove = endpoint({
    method: 'DELETE',
    path: `${base}/{organisation}/{id}`,
    operationId: `delete${name}Release`,
    tag: 'settings',
    summary: `Delete an earlier ${part} release from the history`,
    description: '409 `RELEASE_IN_FORCE` for the one in force: roll back or publish another first.',
    auth: { scopes: settingsEditors },
    params: z.object({ organisation: z.string(), id: Id }),
    response: { data: Done },
    errors: ['NOT_FOUND', 'RELEASE_IN_FORCE'],
    examples: { params: { ...example, id: '64b7f0c2a1d3e4f5a6b7c8d9' } },
  });
  // Spec 002 §7: every part but the modules has `GET latest/{org}`.
  return { list, latest: part === 'modules' ? undefined : latest, publish, remove };
}

/** The releases of each part (spec 002 §7's release service). */
export const partReleaseEndpointsByPart = Object.fromEntries(settingsParts.map((part) => [part, partReleaseEndpoints(part)])) as Record<SettingsPart, ReturnType<typeof partReleaseEndpoints>>;
export const partReleaseOperations: readonly Endpoint[] = settingsParts.flatMap((part) => (Object.values(partReleaseEndpointsByPart[part]) as Array<Endpoint | undefined>).filter((e): e is Endpoint => e !== undefined));

export const getReleaseStatus = endpoint({
  method: 'GET',
  path: '/v3/settings/releases/status',
  operationId: 'getReleaseStatus',
  tag: 'settings',
  summary: 'Per part: the release in force, whether its draft would change it, and the change request under way',
  description: "The staff member's organisation; platform staff name one with `?organisation=`.",
  auth: { scopes: settingsReaders },
  query: z.object({ organisation: z.string().max(100).optional() }),
  response: {
    data: z.object({
      organisation: z.string(),
      version: z.number().int(),
      publishedAt: z.string(),
      approvalRequired: z.boolean(),
      parts: z.array(z.object({ part: z.enum(settingsParts), id: Id, version: z.number().int(), publishedAt: z.string(), draft: z.boolean(), changed: z.boolean(), valid: z.boolean() })),
      changeRequest: ChangeRequest.nullable(),
    }),
  },
  errors: ['NOT_FOUND'],
});

/* The publishing workflow: releases, comparison, rollback, change requests (issue 18). */

const Version = z.object({ organisation: z.string(), version: z.coerce.number().int().min(1).max(1_000_000) });
const RequestParams = z.object({ organisation: z.string(), id: Id });
const requestExample = { organisation: 'solvik', id: '64b7f0c2a1d3e4f5a6b7c8d9' };
const requestKeys = ['NOT_FOUND', 'CHANGE_REQUEST_NOT_OPEN'] as const;
const policyManagers = ['ADMIN', 'ORG_ADMIN'] as const satisfies readonly StaffScope[];

export const listSettingsReleases = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/settings/releases',
  operationId: 'listSettingsReleases',
  tag: 'settings',
  summary: "The organisation's releases, newest first, paged",
  auth: { scopes: settingsReaders },
  params: OrgParams,
  query: Paging,
  response: { data: z.array(ReleaseSummary), paged: true },
  errors: ['NOT_FOUND'],
  examples: { params: example },
});

export const diffSettings = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/settings/diff',
  operationId: 'diffSettings',
  tag: 'settings',
  summary: 'Field by field, what differs between two states: the drafts, the live release, or a version',
  description: '`from` and `to` are `draft`, `live` or a version number. `draft` is every draft over the live release.',
  auth: { scopes: settingsReaders },
  params: OrgParams,
  query: z.object({ from: SettingsState, to: SettingsState }),
  response: { data: z.array(SettingsChange) },
  errors: ['NOT_FOUND'],
  examples: { params: example, query: { from: 'live', to: 'draft' } },
});

export const rollbackSettings = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/settings/releases/{version}/rollback',
  operationId: 'rollbackSettings',
  tag: 'settings',
  summary: 'Publish an earlier release again, as a new version',
  description: 'Every part of that version comes back; the new release names it in `rollbackOf`. Drafts stay as they are.',
  auth: { scopes: settingsEditors },
  params: Version,
  body: RollbackBody,
  response: { data: ReleaseSummary },
  errors: ['NOT_FOUND', 'NOTHING_TO_PUBLISH'],
  examples: { params: { organisation: 'solvik', version: '1' }, body: { comment: 'The new colours were too dark' } },
});

export const getPublishingPolicy = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/settings/policy',
  operationId: 'getPublishingPolicy',
  tag: 'settings',
  summary: 'Whether publishing needs the approval of a second editor',
  auth: { scopes: settingsReaders },
  params: OrgParams,
  response: { data: PublishingPolicy },
  errors: ['NOT_FOUND'],
  examples: { params: example },
});

export const setPublishingPolicy = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/settings/policy',
  operationId: 'setPublishingPolicy',
  tag: 'settings',
  summary: 'Require four-eyes approval for publishing, or stop requiring it (admins)',
  auth: { scopes: policyManagers },
  params: OrgParams,
  body: PublishingPolicy.strict(),
  response: { data: PublishingPolicy },
  errors: ['NOT_FOUND', 'CHANGE_REQUEST_OPEN'],
  examples: { params: example, body: { approvalRequired: true } },
});

export const listChangeRequests = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/settings/change-requests',
  operationId: 'listChangeRequests',
  tag: 'settings',
  summary: 'Change requests, newest first, paged',
  auth: { scopes: settingsReaders },
  params: OrgParams,
  query: Paging.extend({ status: ChangeRequestStatus.optional() }),
  response: { data: z.array(ChangeRequest), paged: true },
  errors: ['NOT_FOUND'],
  examples: { params: example },
});

export const createChangeRequest = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/settings/change-requests',
  operationId: 'createChangeRequest',
  tag: 'settings',
  summary: 'Ask to publish drafts: at once, at a time, or after approval',
  description:
    'Without required approval it publishes at once (status `published`) or at `scheduledAt` (`scheduled`). With it the request is `open` until a second editor approves. One request is under way at a time (409 `CHANGE_REQUEST_OPEN`).',
  auth: { scopes: settingsEditors },
  params: OrgParams,
  body: CreateChangeRequest,
  response: { data: ChangeRequest },
  errors: ['NOT_FOUND', 'CHANGE_REQUEST_OPEN', 'NOTHING_TO_PUBLISH', 'SETTINGS_RELEASE_INVALID', 'SCHEDULE_IN_PAST', 'SETTINGS_PARTS_REQUIRED', 'CHANGE_REQUEST_TITLE_REQUIRED'],
  examples: { params: example, body: { parts: ['themes'], title: 'Winter colours', scheduledAt: '2026-12-01T06:00:00Z' } },
});

export const getChangeRequest = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/settings/change-requests/{id}',
  operationId: 'getChangeRequest',
  tag: 'settings',
  summary: 'A change request with its changes and comments',
  auth: { scopes: settingsReaders },
  params: RequestParams,
  response: { data: ChangeRequest },
  errors: ['NOT_FOUND'],
  examples: { params: requestExample },
});

export const approveChangeRequest = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/settings/change-requests/{id}/approve',
  operationId: 'approveChangeRequest',
  tag: 'settings',
  summary: 'Approve a change request (a second editor, never its author)',
  description: 'A scheduled request becomes `scheduled`; any other `approved`, to be published.',
  auth: { scopes: settingsEditors },
  params: RequestParams,
  body: CommentBody.partial(),
  response: { data: ChangeRequest },
  errors: [...requestKeys, 'OWN_CHANGE_REQUEST', 'SCHEDULE_IN_PAST'],
  examples: { params: requestExample, body: { text: 'Looks good' } },
});

export const publishChangeRequest = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/settings/change-requests/{id}/publish',
  operationId: 'publishChangeRequest',
  tag: 'settings',
  summary: 'Publish an approved change request now',
  auth: { scopes: settingsEditors },
  params: RequestParams,
  response: { data: ChangeRequest },
  errors: [...requestKeys, 'APPROVAL_REQUIRED', 'SETTINGS_RELEASE_INVALID', 'NOTHING_TO_PUBLISH'],
  examples: { params: requestExample },
});

export const scheduleChangeRequest = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/settings/change-requests/{id}/schedule',
  operationId: 'scheduleChangeRequest',
  tag: 'settings',
  summary: 'Set, move or clear the time a change request publishes',
  description: 'A suspended request is scheduled again with a new time, once its drafts are as its author wants them (its revisions are taken anew).',
  auth: { scopes: settingsEditors },
  params: RequestParams,
  body: ScheduleBody,
  response: { data: ChangeRequest },
  errors: [...requestKeys, 'SCHEDULE_IN_PAST', 'SETTINGS_RELEASE_INVALID'],
  examples: { params: requestExample, body: { scheduledAt: '2026-12-01T06:00:00Z' } },
});

export const cancelChangeRequest = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/settings/change-requests/{id}/cancel',
  operationId: 'cancelChangeRequest',
  tag: 'settings',
  summary: 'Withdraw a change request (the drafts stay)',
  auth: { scopes: settingsEditors },
  params: RequestParams,
  response: { data: ChangeRequest },
  errors: [...requestKeys],
  examples: { params: requestExample },
});

export const commentChangeRequest = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/settings/change-requests/{id}/comments',
  operationId: 'commentChangeRequest',
  tag: 'settings',
  summary: 'Add a comment to a change request',
  auth: { scopes: settingsEditors },
  params: RequestParams,
  body: CommentBody,
  response: { data: ChangeRequest },
  errors: ['NOT_FOUND', 'COMMENT_REQUIRED'],
  examples: { params: requestExample, body: { text: 'Could the button be a little darker?' } },
});

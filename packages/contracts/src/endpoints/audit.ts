import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { AuditExportQuery, AuditLogEntry, auditReaders, AuditRetention, auditRetentionManagers, AuditSearchRequest, UpdateAuditRetentionRequest } from '../audit.ts';

/**
 * The audit log (issue 16). Spec 002 §7 writes `POST /audit-logs/search` and
 * `GET /audit-logs/{id}` without a version or an organisation; by the convention for paths the
 * spec leaves short (decision 0035, docs/architecture.md), they are under `/v4/{organisation}/`,
 * and so are the export and the retention, which the spec does not name (decision 0037). Readers:
 * ADMIN and SUPPORT in every organisation, ORG_ADMIN in their own (another organisation is 404).
 * The platform's own entries (organisation null) are reached with `platform`, by platform scopes only.
 */

const OrganisationParams = z.object({ organisation: z.string() });

export const searchAuditLogs = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/audit-logs/search',
  operationId: 'searchAuditLogs',
  tag: 'audit',
  summary: "Search the organisation's audit log, newest first",
  description:
    'Filters: a time range (`from` inclusive, `to` exclusive), the actor (id or e-mail), the action (a prefix), the object (type and id), the outcome. ' +
    'Paged (`limit` up to 100, `page` up to 500); ordered by `seq`, newest first, or oldest first with `order: oldest`. `platform: true` searches the platform\'s own entries instead (platform scopes; others 403).',
  auth: { scopes: auditReaders },
  params: OrganisationParams,
  body: AuditSearchRequest,
  response: { data: z.array(AuditLogEntry), paged: true },
  errors: ['INVALID_DATE_RANGE'],
  examples: { params: { organisation: 'solvik' }, body: { action: 'secret.', from: '2026-11-01T00:00:00Z', limit: 25, page: 1 } },
});

export const exportAuditLogs = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/audit-logs/export',
  operationId: 'exportAuditLogs',
  tag: 'audit',
  summary: 'A search of the audit log as a CSV or JSON file (at most 50 000 entries)',
  description:
    'The filters of the search as query parameters, newest first, streamed as `content-disposition: attachment`. More than 50 000 entries is `400 AUDIT_EXPORT_TOO_LARGE` ' +
    '(narrow the filters). CSV: one line per entry, `before`, `after` and `data` as JSON, `changed` joined by `;`; a field that starts with `=`, `+`, `-` or `@` gets a leading `\'`. ' +
    'The export is itself an audit entry.',
  auth: { scopes: auditReaders },
  params: OrganisationParams,
  query: AuditExportQuery,
  response: { file: { contentTypes: ['text/csv', 'application/json'], description: 'The entries, `content-disposition: attachment`' } },
  errors: ['INVALID_DATE_RANGE', 'AUDIT_EXPORT_TOO_LARGE'],
  examples: { params: { organisation: 'solvik' }, query: { format: 'csv', action: 'api-token.' } },
});

export const getAuditRetention = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/audit-logs/retention',
  operationId: 'getAuditRetention',
  tag: 'audit',
  summary: 'How many days the organisation keeps its audit entries',
  description: 'Not in spec 002; a path under the audit log by the convention of decision 0035 (decision 0037). A daily job removes older entries, and records that it did.',
  auth: { scopes: auditReaders },
  params: OrganisationParams,
  response: { data: AuditRetention },
  errors: [],
  examples: { params: { organisation: 'solvik' } },
});

export const updateAuditRetention = endpoint({
  method: 'PUT',
  path: '/v4/{organisation}/audit-logs/retention',
  operationId: 'updateAuditRetention',
  tag: 'audit',
  summary: 'Set how many days the organisation keeps its audit entries (30 to 3650)',
  description: 'The change is an audit entry; the next run of the retention job applies it.',
  auth: { scopes: auditRetentionManagers },
  params: OrganisationParams,
  body: UpdateAuditRetentionRequest,
  response: { data: AuditRetention },
  errors: [],
  examples: { params: { organisation: 'solvik' }, body: { days: 365 } },
});

export const getAuditLog = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/audit-logs/{id}',
  operationId: 'getAuditLog',
  tag: 'audit',
  summary: 'One audit entry, with its values before and after',
  description: 'An entry of another organisation is 404; a platform entry (organisation null) only for platform scopes, under any organisation\'s path.',
  auth: { scopes: auditReaders },
  params: z.object({ organisation: z.string(), id: Id }),
  response: { data: AuditLogEntry },
  errors: ['NOT_FOUND'],
  examples: { params: { organisation: 'solvik', id: '64b7f0c2a1d3e4f5a6b7c8d9' } },
});

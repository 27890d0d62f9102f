import { z } from 'zod';
import { BoundedInstant, BoundedText, Id } from './common.ts';
import type { StaffScope } from './staff.ts';

/*
 * The audit log (issue 16 "The audit log", spec 002 §7 audit logs, decision 0035): every staff
 * change, sign-in and support session, append-only. Staff search it, read an entry, export a
 * search as CSV or JSON, and set how long their organisation keeps it.
 */

/** Who reads the audit log: platform ADMIN and SUPPORT everywhere, an organisation's admin their own. */
export const auditReaders = ['ADMIN', 'SUPPORT', 'ORG_ADMIN'] as const satisfies readonly StaffScope[];
/** Who sets an organisation's retention: the platform admin and the organisation's admin. */
export const auditRetentionManagers = ['ADMIN', 'ORG_ADMIN'] as const satisfies readonly StaffScope[];

export const AuditOutcome = z.enum(['success', 'denied']);

const Values = z.record(z.string(), z.unknown());

export const AuditLogEntry = z.object({
  _id: Id,
  /** Increasing with every entry: the order of the log. */
  seq: z.number().int(),
  createdAt: z.string(),
  /** The organisation's slug; null for the platform's own entries (platform staff's sign-ins and changes to platform staff). */
  organisation: z.string().nullable(),
  actorType: z.enum(['admin', 'user', 'system']),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorScope: z.string().nullable(),
  /** How the actor signed in: `password`, `password+otp`, `bankid`, … */
  actorMethod: z.string().nullable(),
  action: z.string(),
  subjectType: z.string().nullable(),
  subjectId: z.string().nullable(),
  /** The object's values before and after (never a password, a token or a secret's value). */
  before: Values.nullable(),
  after: Values.nullable(),
  /** The fields that changed (`value` for a secret). */
  changed: z.array(z.string()),
  outcome: AuditOutcome,
  address: z.string().nullable(),
  userAgent: z.string().nullable(),
  requestId: z.string().nullable(),
  /** Ties together the changes of one release. */
  groupId: z.string().nullable(),
  /** What else the entry keeps (what an e-ID answered at a sign-in, a job's counts). */
  data: Values,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** The filters of a search and of an export. */
const filters = {
  /** From this instant on (inclusive). */
  from: BoundedInstant.optional(),
  /** Before this instant (exclusive). */
  to: BoundedInstant.optional(),
  /** The actor: an admin's or user's id, or an e-mail (case-insensitive). */
  actor: BoundedText(254, { min: 1 }).optional(),
  /** The action or its beginning: `secret.` finds every secret change, `api-token.revoke` one kind. */
  action: BoundedText(100, { min: 1 }).optional(),
  subjectType: BoundedText(50, { min: 1 }).optional(),
  subjectId: BoundedText(100, { min: 1 }).optional(),
  outcome: AuditOutcome.optional(),
};

/** The most entries a search may page through, and an export may hold. */
export const AUDIT_SEARCH_MAX_PAGE = 500;
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

/** `POST /v4/{organisation}/audit-logs/search`: strict; newest first (by seq) unless `order: 'oldest'`, paged. */
export const AuditSearchRequest = z.strictObject({
  ...filters,
  /** The platform's own entries (organisation null) instead of the organisation's: platform scopes only. */
  platform: z.boolean().default(false),
  /** Newest first (by seq) unless `oldest`: the oldest entries are then on the first pages. */
  order: z.enum(['newest', 'oldest']).default('newest'),
  limit: z.number().int().min(1).max(100).default(25),
  page: z.number().int().min(1).max(AUDIT_SEARCH_MAX_PAGE).default(1),
});
export type AuditSearchRequest = z.input<typeof AuditSearchRequest>;

/** `GET /v4/{organisation}/audit-logs/export`: the search's filters as a query, and the format. */
export const AuditExportQuery = z.object({
  format: z.enum(['csv', 'json']),
  ...filters,
  platform: z.enum(['true', 'false']).default('false'),
});
export type AuditExportQuery = z.input<typeof AuditExportQuery>;

/** How long an organisation's audit entries are kept before the retention job removes them. */
export const AUDIT_RETENTION_MIN_DAYS = 30;
export const AUDIT_RETENTION_MAX_DAYS = 3650;
export const AuditRetention = z.object({ days: z.number().int() });
export const UpdateAuditRetentionRequest = z.strictObject({ days: z.number().int().min(AUDIT_RETENTION_MIN_DAYS).max(AUDIT_RETENTION_MAX_DAYS) });

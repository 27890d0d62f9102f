import { createHash, randomBytes } from 'node:crypto';
import { API_TOKEN_PREFIX, tokenScopes, type ApiToken, type CreatedApiToken, type TokenScope } from '@gridline/contracts/api-tokens';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditEntry, AuditService, StaffAuditContext } from '../audit/service.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { ApiTokenRow, ApiTokensRepository } from './repository.ts';

export { tokenScopes, type TokenScope };

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export interface ApiTokenClaims {
  tokenId: string;
  organisationId: string;
  scopes: TokenScope[];
}

/** Who made a change: a staff request's context, or the command line's (`npm run token:create`). */
export type ApiTokenActor = Pick<AuditEntry, 'actorType' | 'actorId' | 'actorEmail' | 'actorScope' | 'actorMethod' | 'address' | 'userAgent' | 'requestId'>;

/** The actor of `npm run token:create`: the system, named `command line` as the token's issuer. */
export const COMMAND_LINE_ISSUER = 'command line';
export const commandLineActor: ApiTokenActor = { actorType: 'system', actorId: null, actorEmail: COMMAND_LINE_ISSUER };

export function apiTokenOf(row: ApiTokenRow): ApiToken {
  return {
    _id: row.id,
    name: row.name,
    organisation: row.organisation_slug,
    tokenScopes: row.token_scopes as TokenScope[],
    issuedBy: row.issued_by,
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    revokedBy: row.revoked_by,
  };
}

/** A token as the audit log keeps it: never the token, never its hash, not when it was last used. */
function auditView(row: ApiTokenRow): Record<string, unknown> {
  const { _id: _, lastUsedAt: __, ...rest } = apiTokenOf(row);
  return rest;
}

const invalid = (path: string, message: string) => new AppError('VALIDATION_FAILED', { message: `${path}: ${message}`, data: { issues: [{ path, message }] } });

/**
 * Tokens for a provider's systems (spec 002 §3, §7): scoped to one organisation, expiring,
 * revocable, stored hashed. Staff manage them through the calls of `/v3/admins/apitokens` (the
 * access rule of modules/access decides the organisation); `npm run token:create` creates them
 * through `create` too. Every change is an audit entry. `authorise` reads the row on every call,
 * so a revoked, deleted or expired token is refused at once.
 */
export class ApiTokensService {
  private readonly repository: ApiTokensRepository;
  private readonly deps: { audit?: AuditService | undefined; access?: AccessService | undefined; now?: (() => number) | undefined };
  private readonly lastTouched = new Map<string, number>();
  constructor(repository: ApiTokensRepository, deps: { audit?: AuditService; access?: AccessService; now?: () => number } = {}) {
    this.repository = repository;
    this.deps = deps;
  }

  private get access(): AccessService {
    if (!this.deps.access) throw new Error('ApiTokensService: staff calls need the access service');
    return this.deps.access;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private async audited(actor: ApiTokenActor | null, entry: Omit<AuditEntry, keyof ApiTokenActor>): Promise<void> {
    if (!actor) return;
    if (!this.deps.audit) throw new Error('ApiTokensService: changes are audited; give it the audit service');
    await this.deps.audit.record({ ...actor, ...entry });
  }

  /**
   * A new token, answered with its stored record and, this once, the token itself. `actor`: who
   * is recorded in the audit log (null only where no audit log is kept: tests of ingest).
   */
  async create(
    input: { organisationId: string; name: string; scopes: TokenScope[]; issuedBy: string; expiresAt: Date | null },
    actor: ApiTokenActor | null = null,
  ): Promise<CreatedApiToken> {
    const name = input.name.trim();
    if (name.length < 3 || name.length > 100) throw invalid('name', 'TOO_SHORT: 3 to 100 characters');
    if (input.scopes.length === 0 || !input.scopes.every((s) => (tokenScopes as readonly string[]).includes(s))) throw invalid('tokenScopes', `one or more of ${tokenScopes.join(', ')}`);
    if (input.expiresAt && input.expiresAt.getTime() <= this.now()) throw invalid('expiresAt', 'IN_THE_PAST: a token expires in the future');
    const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row = await this.repository.insert({ id: newId(), organisationId: input.organisationId, name, scopes: [...new Set(input.scopes)], hash: hashOf(token), issuedBy: input.issuedBy, expiresAt: input.expiresAt });
    await this.audited(actor, { organisationId: row.organisation_id, action: 'api-token.create', subjectType: 'api-token', subjectId: row.id, before: null, after: auditView(row) });
    return { ...apiTokenOf(row), token };
  }

  static looksLikeApiToken(bearer: string): boolean {
    return bearer.startsWith(API_TOKEN_PREFIX);
  }

  /** The token's claims when it is live and holds the scope; 401 otherwise, 403 without the scope. */
  async authorise(token: string, organisationId: string, scope: TokenScope): Promise<ApiTokenClaims> {
    const row = token.startsWith(API_TOKEN_PREFIX) ? await this.repository.findByHash(hashOf(token)) : undefined;
    if (!row || row.organisation_id !== organisationId || row.revoked_at || (row.expires_at && row.expires_at.getTime() <= this.now())) {
      throw new AppError('INVALID_TOKEN');
    }
    if (!row.token_scopes.includes(scope)) throw new AppError('FORBIDDEN', { message: `The token lacks the scope ${scope}` });
    // lastUsedAt to the minute: a bulk client calling many times a second must not write each time.
    const now = Date.now();
    if (now - (this.lastTouched.get(row.id) ?? 0) > 60_000) {
      this.lastTouched.set(row.id, now);
      await this.repository.touch(row.id);
    }
    return { tokenId: row.id, organisationId: row.organisation_id, scopes: row.token_scopes as TokenScope[] };
  }

  /* Staff (spec 002 §7): ADMIN in every organisation, ORG_ADMIN and ORG_DEVELOPER in their own (the contracts name the scopes). */

  /** An organisation's tokens, newest first; or, with `token`, the one token that string is (none when the caller may not see it). */
  async list(staff: StaffClaims, query: { organisation?: string | undefined; token?: string | undefined; limit: number; page: number }): Promise<{ data: ApiToken[]; pagination: { limit: number; page: number; total: number } }> {
    if (query.token !== undefined) {
      const named = query.organisation ? await this.access.staffOrganisation(staff, query.organisation) : null;
      const pasted = query.token.trim();
      const row = pasted.startsWith(API_TOKEN_PREFIX) ? await this.repository.findRowByHash(hashOf(pasted)) : undefined;
      const visible = row && (!named || named.id === row.organisation_id) && this.mayAct(staff, row.organisation_id) ? [apiTokenOf(row)] : [];
      return { data: query.page === 1 ? visible : [], pagination: { limit: query.limit, page: query.page, total: visible.length } };
    }
    const organisation = await this.access.staffOrganisation(staff, query.organisation, { required: true });
    const { rows, total } = await this.repository.list(organisation.id, query.limit, query.page);
    return { data: rows.map(apiTokenOf), pagination: { limit: query.limit, page: query.page, total } };
  }

  private mayAct(staff: StaffClaims, organisationId: string): boolean {
    try {
      this.access.assertStaffIn(staff, organisationId);
      return true;
    } catch {
      return false;
    }
  }

  /** The token, when the staff member may see it; 404 otherwise. */
  private async visible(staff: StaffClaims, id: string): Promise<ApiTokenRow> {
    const row = await this.repository.findById(id);
    if (!row) throw new AppError('NOT_FOUND');
    this.access.assertStaffIn(staff, row.organisation_id);
    return row;
  }

  async createFor(
    staff: StaffClaims,
    context: StaffAuditContext,
    body: { name: string; organisation?: string | undefined; tokenScopes: TokenScope[]; expiresAt?: string | null | undefined },
  ): Promise<CreatedApiToken> {
    const organisation = await this.access.staffOrganisation(staff, body.organisation, { required: true });
    return this.create(
      { organisationId: organisation.id, name: body.name, scopes: body.tokenScopes, issuedBy: staff.email, expiresAt: body.expiresAt ? new Date(body.expiresAt) : null },
      context,
    );
  }

  async update(
    staff: StaffClaims,
    context: StaffAuditContext,
    id: string,
    body: { name?: string | undefined; tokenScopes?: TokenScope[] | undefined; expiresAt?: string | null | undefined; revoke?: true | undefined },
  ): Promise<ApiToken> {
    const row = await this.visible(staff, id);
    if (row.revoked_at) throw new AppError('API_TOKEN_REVOKED');
    if (body.name !== undefined && body.name.trim().length < 3) throw invalid('name', 'TOO_SHORT: at least 3 characters');
    const expiresAt = body.expiresAt === undefined ? undefined : body.expiresAt === null ? null : new Date(body.expiresAt);
    if (expiresAt && expiresAt.getTime() <= this.now()) throw invalid('expiresAt', 'IN_THE_PAST: a token expires in the future');
    const changed = await this.repository.update(id, {
      ...(body.name !== undefined ? { name: body.name.trim() } : {}),
      ...(body.tokenScopes !== undefined ? { token_scopes: [...new Set(body.tokenScopes)] } : {}),
      ...(expiresAt !== undefined ? { expires_at: expiresAt } : {}),
      ...(body.revoke ? { revoked_at: new Date(this.now()), revoked_by: staff.email } : {}),
    });
    // Revoked by someone else between the read and the write.
    if (!changed) throw new AppError('API_TOKEN_REVOKED');
    const after = (await this.repository.findById(id))!;
    await this.audited(context, { organisationId: row.organisation_id, action: body.revoke ? 'api-token.revoke' : 'api-token.update', subjectType: 'api-token', subjectId: id, before: auditView(row), after: auditView(after) });
    return apiTokenOf(after);
  }

  async delete(staff: StaffClaims, context: StaffAuditContext, id: string): Promise<void> {
    const row = await this.visible(staff, id);
    if (!(await this.repository.delete(id))) throw new AppError('NOT_FOUND');
    await this.audited(context, { organisationId: row.organisation_id, action: 'api-token.delete', subjectType: 'api-token', subjectId: id, before: auditView(row), after: null });
  }
}

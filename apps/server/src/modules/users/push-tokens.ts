import type { Deleted } from '@gridline/contracts/customers';
import { parsePushToken, PUSH_TOKEN_MAX_LENGTH, PUSH_TOKENS_PER_USER, type PushStatus, type PushToken, type PushTokenKind } from '@gridline/contracts/push-tokens';
import type { Pagination } from '@gridline/contracts/common';
import { AppError } from '../../lib/errors.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { TokenClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import type { PushTokenRow, PushTokensRepository } from './push-tokens-repository.ts';

/**
 * Users' push tokens (spec 001 §7 users calls; decision 0042): the customer registers and removes
 * their own devices and asks whether push reaches them; staff who help customers list the
 * organisation's tokens and remove one (audited). Every call names a user of the organisation;
 * a customer may name only themselves (any other id is 404, as `PUT /users/{id}`).
 */
export class PushTokensService {
  private readonly d: { repository: PushTokensRepository; audit: AuditService };
  constructor(deps: PushTokensService['d']) {
    this.d = deps;
  }

  /** `PUT …/users/{id}/pushtoken`: the token by `parsePushToken`'s rules (400 MALFORMED_PUSH_TOKEN), registered for the signed-in user. */
  async register(organisation: Organisation, auth: TokenClaims, targetId: string, text: string): Promise<PushToken> {
    const userId = self(auth, targetId);
    const parsed = parsePushToken(text);
    if (!parsed.ok) {
      throw new AppError('MALFORMED_PUSH_TOKEN', { data: { field: 'token', reason: parsed.reason, ...(parsed.reason === 'TOO_LONG' ? { maxLength: PUSH_TOKEN_MAX_LENGTH } : {}) } });
    }
    try {
      return toPushToken(await this.d.repository.register({ organisationId: organisation.id, userId, kind: parsed.kind, token: parsed.token, keep: PUSH_TOKENS_PER_USER }));
    } catch (error) {
      // the user was deleted meanwhile (their session ends at once too)
      if ((error as { code?: string }).code === '23503') throw new AppError('MISSING_USER_ID');
      throw error;
    }
  }

  /** `GET …/users/{id}/pushstatus` for the signed-in user. */
  async status(organisation: Organisation, auth: TokenClaims, targetId: string): Promise<PushStatus> {
    const rows = await this.d.repository.ofUser(organisation.id, self(auth, targetId));
    const count = (kind: PushTokenKind) => rows.filter((r) => r.kind === kind).length;
    // Notification preferences are not stored yet (`PUT /users/{id}/notifications`, a later issue).
    return { reachable: rows.length > 0, tokens: rows.length, kinds: { expo: count('expo'), webpush: count('webpush') }, notifications: null };
  }

  /** `DELETE …/users/{id}/pushtoken/{token}` by the signed-in customer: one of their own. */
  async removeOwn(organisation: Organisation, auth: TokenClaims, targetId: string, idOrToken: string): Promise<Deleted> {
    const removed = await this.d.repository.remove(organisation.id, self(auth, targetId), idOrToken);
    if (!removed) throw new AppError('NOT_FOUND');
    return { _id: removed.id, deleted: true };
  }

  /** The same by staff for any user of the organisation; audited `user.push-token.delete` (the token's kind and dates, not the token). */
  async removeForStaff(context: StaffAuditContext, organisation: Organisation, userId: string, idOrToken: string): Promise<Deleted> {
    const removed = await this.d.repository.remove(organisation.id, userId, idOrToken);
    if (!removed) throw new AppError('NOT_FOUND');
    await this.d.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'user.push-token.delete',
      subjectType: 'user',
      subjectId: userId,
      before: { pushTokenId: removed.id, kind: removed.kind, createdAt: removed.created_at.toISOString(), lastRegisteredAt: removed.last_registered_at.toISOString() },
      after: null,
    });
    return { _id: removed.id, deleted: true };
  }

  /** One user's tokens, newest registration first (the back office's customer page). */
  async ofUser(organisation: Organisation, userId: string): Promise<PushToken[]> {
    return (await this.d.repository.ofUser(organisation.id, userId)).map(toPushToken);
  }

  /** A page of the organisation's tokens, or of one user's. */
  async page(organisation: Organisation, query: { userId?: string | undefined; limit: number; page: number }): Promise<{ data: PushToken[]; pagination: Pagination }> {
    const { rows, total } = await this.d.repository.page(organisation.id, { userId: query.userId, limit: query.limit, offset: (query.page - 1) * query.limit });
    return { data: rows.map(toPushToken), pagination: { limit: query.limit, page: query.page, total } };
  }
}

/** The signed-in user's id when the path names them; any other id (of this organisation or another, or none) is 404. */
function self(auth: TokenClaims, targetId: string): string {
  if (targetId !== auth.userId) throw new AppError('NOT_FOUND');
  return auth.userId;
}

function toPushToken(row: PushTokenRow): PushToken {
  return { _id: row.id, userId: row.user_id, kind: row.kind as PushTokenKind, token: row.token, createdAt: row.created_at.toISOString(), lastRegisteredAt: row.last_registered_at.toISOString() };
}

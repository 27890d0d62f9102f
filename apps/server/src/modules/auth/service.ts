import { randomUUID } from 'node:crypto';
import type { AuthProcess, AuthRecord } from '@gridline/contracts/auth';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { LocationsService } from '../locations/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import { verifyPassword } from './passwords.ts';
import type { AuthRepository } from './repository.ts';
import { hashRefreshToken, newRefreshToken, type TokenClaims, type TokenService } from './tokens.ts';

const PROCESS_TTL_MS = 10 * 60 * 1000;
const DOCUMENT_TOKEN_TTL_SECONDS = 60;

export interface AuthServiceDeps {
  repository: AuthRepository;
  tokens: TokenService;
  accounts: AccountsService;
  locations: LocationsService;
  usernameLimiter: AttemptLimiter;
  addressLimiter: AttemptLimiter;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
}

/**
 * Sign-in as spec 000 section 4.1 describes it: a sign-in starts a process (`ref`), the client
 * polls its status, and exchanges a done `ref` once for one token pair per account.
 */
export class AuthService {
  private readonly d: AuthServiceDeps;
  constructor(deps: AuthServiceDeps) {
    this.d = deps;
  }

  async startPasswordSignIn(organisation: Organisation, input: { username: string; password: string }, address: string): Promise<{ ref: string; status: 'done' }> {
    if (!organisation.signInMethods.includes('USR_PWD')) throw new AppError('SIGN_IN_METHOD_DISABLED');
    const usernameKey = `${organisation.id}:${input.username.toLowerCase()}`;
    if (this.d.usernameLimiter.isBlocked(usernameKey) || this.d.addressLimiter.isBlocked(address)) {
      throw new AppError('TOO_MANY_ATTEMPTS');
    }
    const user = await this.d.repository.findUserByUsername(organisation.id, input.username);
    if (!user) {
      this.d.usernameLimiter.fail(usernameKey);
      this.d.addressLimiter.fail(address);
      throw new AppError('USER_NOT_FOUND');
    }
    if (!user.password_hash || !(await verifyPassword(user.password_hash, input.password))) {
      this.d.usernameLimiter.fail(usernameKey);
      this.d.addressLimiter.fail(address);
      throw new AppError('WRONG_PASSWORD');
    }
    this.d.usernameLimiter.reset(usernameKey);
    const ref = randomUUID();
    await this.d.repository.createProcess({ ref, organisationId: organisation.id, type: 'USR_PWD', status: 'done', userId: user.id, expiresAt: new Date(Date.now() + PROCESS_TTL_MS) });
    await this.d.repository.touchUser(user.id);
    return { ref, status: 'done' };
  }

  async processStatus(organisation: Organisation, ref: string): Promise<AuthProcess> {
    const process = await this.liveProcess(organisation, ref);
    const base: AuthProcess = { ref, status: process.status as AuthProcess['status'] };
    if (process.error) base.error = process.error;
    if (process.error_message) base.errorMessage = process.error_message;
    if (process.status !== 'done' || !process.user_id) return base;
    const userId = process.user_id;
    const [memberships, locations, user] = await Promise.all([
      this.d.accounts.memberships(organisation.id, userId),
      this.d.locations.visibleForUser(organisation, userId),
      this.d.repository.findUserLanguage(userId),
    ]);
    const accountIds = memberships.map((m) => m.account_id);
    return {
      ...base,
      auths: memberships.map((m) => ({ scope: 'USER', accountId: m.account_id, userId })),
      accounts: accountIds,
      locations: locations.map((l) => l._id),
      ...(user?.language ? { language: user.language as NonNullable<AuthProcess['language']> } : {}),
    };
  }

  /** Exchanges a done sign-in for tokens, once. */
  async exchangeRef(organisation: Organisation, ref: string): Promise<AuthRecord[]> {
    const process = await this.liveProcess(organisation, ref);
    if (process.status !== 'done' || !process.user_id) throw new AppError('AUTH_REF_NOT_FOUND', { message: `The sign-in is ${process.status}` });
    const memberships = await this.d.accounts.memberships(organisation.id, process.user_id);
    if (memberships.length === 0) throw new AppError('MISSING_USER');
    if (!(await this.d.repository.markExchanged(organisation.id, ref))) throw new AppError('AUTH_REF_USED');
    const userId = process.user_id;
    return Promise.all(memberships.map((m) => this.issue(organisation.id, userId, m.account_id, newId())));
  }

  /** Rotates a refresh token. A token used twice means it leaked: its whole family is revoked. */
  async refresh(organisation: Organisation, refreshToken: string): Promise<AuthRecord[]> {
    const row = await this.d.repository.findRefreshToken(hashRefreshToken(refreshToken));
    if (!row || row.organisation_id !== organisation.id || row.revoked_at || row.expires_at.getTime() <= Date.now()) {
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    if (row.used_at || !(await this.d.repository.useRefreshToken(row.id))) {
      await this.d.repository.revokeFamily(row.family_id);
      throw new AppError('REFRESH_TOKEN_REUSED');
    }
    try {
      await this.d.accounts.assertMember(organisation.id, row.user_id, row.account_id);
    } catch {
      await this.d.repository.revokeFamily(row.family_id);
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    return [await this.issue(organisation.id, row.user_id, row.account_id, row.family_id)];
  }

  async signOut(auth: TokenClaims, refreshTokens: string[]): Promise<void> {
    const families = await this.d.repository.familiesOf(auth.userId, refreshTokens.map(hashRefreshToken));
    for (const family of families) await this.d.repository.revokeFamily(family);
  }

  async documentToken(auth: TokenClaims): Promise<{ accessToken: string; exp: number }> {
    const { token, exp } = await this.d.tokens.sign({ ...auth, use: 'document' }, DOCUMENT_TOKEN_TTL_SECONDS);
    return { accessToken: token, exp };
  }

  private async liveProcess(organisation: Organisation, ref: string) {
    const process = await this.d.repository.findProcess(organisation.id, ref);
    if (!process || process.expires_at.getTime() <= Date.now()) throw new AppError('AUTH_REF_NOT_FOUND');
    return process;
  }

  private async issue(organisationId: string, userId: string, accountId: string, familyId: string): Promise<AuthRecord> {
    const { token: accessToken, exp } = await this.d.tokens.sign({ userId, organisationId, accountId, scope: 'USER', use: 'access' }, this.d.accessTokenTtlSeconds);
    const refresh = newRefreshToken();
    await this.d.repository.insertRefreshToken({
      id: newId(),
      organisationId,
      userId,
      accountId,
      familyId,
      hash: refresh.hash,
      expiresAt: new Date(Date.now() + this.d.refreshTokenTtlDays * 86_400_000),
    });
    return { accessToken, refreshToken: refresh.token, exp, scope: 'USER', accountId, userId };
  }
}

import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { AuthCallbackRequest, AuthProcess, AuthRecord, LoginRequest, ProspectState } from '@gridline/contracts/auth';
import { prospectFailedStatuses, prospectReadyStatuses, type ProspectStatus } from '@gridline/contracts/auth';
import type { SignInServices } from '../../integrations/sign-in-services.ts';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { LocationsService } from '../locations/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { ProspectsService } from '../prospects/service.ts';
import type { AttemptLimiter } from './attempt-limiter.ts';
import { AdminBankIdMethod } from './methods/admin-bankid.ts';
import { BankIdMethod, STAFF_BANKID } from './methods/bankid.ts';
import { EmailLinkMethod } from './methods/email-link.ts';
import { PasswordResetMethod } from './methods/password-reset.ts';
import { failProcess, sha256, type MethodKit, type RequestContext } from './methods/kit.ts';
import { OpenIdMethod } from './methods/openid.ts';
import { PinMethod } from './methods/pin.ts';
import { actAsFrom, findCustomer, mayHelp, recordSupportSession } from './methods/support.ts';
import { verifyPassword } from './passwords.ts';
import type { AuthRepository, ProcessRow } from './repository.ts';
import type { SessionRevocations } from './session-revocations.ts';
import { hashRefreshToken, newRefreshToken, type TokenClaims, type TokenService } from './tokens.ts';

const PROCESS_TTL_MS = 10 * 60 * 1000;
/** A support session started from the back office is opened at once: its link works for two minutes. */
export const SUPPORT_LINK_TTL_MS = 2 * 60 * 1000;
const DOCUMENT_TOKEN_TTL_SECONDS = 60;
/** A sign-in this recent lets a person change their password, e-mail or phone without the current password. */
export const RECENT_SIGN_IN_SECONDS = 10 * 60;
/** A finished process is kept this long after it expired, so that a late poll still gets its answer. */
export const PROCESS_RETENTION_MS = 24 * 60 * 60 * 1000;

export interface AuthServiceDeps {
  repository: AuthRepository;
  tokens: TokenService;
  accounts: AccountsService;
  locations: LocationsService;
  prospects: ProspectsService;
  audit: AuditService;
  /** The outside services of sign-in (BankID, SMS, mail, OpenID); without them only USR_PWD works. */
  services: SignInServices | null;
  usernameLimiter: AttemptLimiter;
  addressLimiter: AttemptLimiter;
  /** Codes and links sent per identity. */
  sendLimiter: AttemptLimiter;
  /** Ended sessions, asked on every signed-in call. */
  sessions: SessionRevocations;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  now?: () => number;
  /** Default 2 s, as BankID asks; tests collect at once. */
  bankIdCollectIntervalMs?: number;
  log?: (message: string, error?: unknown) => void;
}

/** A process found by the ref a client gave: its own ref, or the secret ref of an e-mail link. */
interface Found {
  process: ProcessRow;
  /** The ref the client knows it by. */
  ref: string;
  /** Found by the e-mail link's secret ref (only that one may finish an EMAIL_LINK process). */
  bySecret: boolean;
}

/**
 * Sign-in as spec 000 section 4.1 describes it: a sign-in starts a process (`ref`), the client
 * polls its status, and exchanges a done `ref` once for one token pair per account. Each method
 * (`methods/`) starts its process and moves it on; this service keeps the common rules.
 */
export class AuthService {
  private readonly d: AuthServiceDeps;
  private readonly now: () => number;
  private readonly bankid: BankIdMethod;
  private readonly pin: PinMethod;
  private readonly emailLink: EmailLinkMethod;
  private readonly passwordReset: PasswordResetMethod;
  private readonly openId: OpenIdMethod;
  private readonly adminBankId: AdminBankIdMethod;
  private readonly kit: MethodKit;

  constructor(deps: AuthServiceDeps) {
    this.d = deps;
    this.now = deps.now ?? Date.now;
    const kit: MethodKit = {
      repository: deps.repository,
      prospects: deps.prospects,
      audit: deps.audit,
      services: deps.services,
      addressLimiter: deps.addressLimiter,
      sendLimiter: deps.sendLimiter,
      now: this.now,
      log: deps.log ?? (() => {}),
    };
    this.bankid = new BankIdMethod(kit, deps.bankIdCollectIntervalMs);
    this.pin = new PinMethod(kit);
    this.emailLink = new EmailLinkMethod(kit);
    this.passwordReset = new PasswordResetMethod(kit);
    this.openId = new OpenIdMethod(kit);
    this.adminBankId = new AdminBankIdMethod(kit, this.bankid);
    this.kit = kit;
  }

  private lastCleanUp = 0;

  /** `POST /v3/auth/`: starts a sign-in of the body's type. */
  async start(organisation: Organisation, body: LoginRequest, context: RequestContext): Promise<AuthProcess> {
    this.cleanUpNowAndThen();
    if (body.type === 'USR_PWD') {
      return this.startPasswordSignIn(organisation, { username: body.username ?? '', password: body.password ?? '' }, context.address);
    }
    if (body.type === 'ADMIN_BANKID') return this.adminBankId.start(organisation, body, context);
    if (BankIdMethod.handles(body.type)) return this.bankid.start(organisation, body, context);
    if (body.type === 'USR_PIN') return this.pin.start(organisation, body, context);
    if (body.type === 'EMAIL_LINK') return this.emailLink.start(organisation, body, context);
    if (OpenIdMethod.handles(body.type)) return this.openId.start(organisation, body, context);
    if (body.type === 'ADMIN') return this.startSupportSession(organisation, body, context.address);
    throw new AppError('SIGN_IN_METHOD_DISABLED');
  }

  /**
   * Support mode with e-mail and password (ADMIN; see `methods/support.ts`): an admin signs in as
   * the customer named by `asPersonalId`, `asCustomerId` or `asUsername`. The admin's credentials
   * are checked before the customer is looked up, and failures count as wrong passwords do.
   */
  async startSupportSession(organisation: Organisation, body: LoginRequest, address: string): Promise<AuthProcess> {
    const email = (body.email ?? body.username ?? '').trim();
    const limiterKey = `admin:${email.toLowerCase()}`;
    if (!email || !body.password) throw new AppError('VALIDATION_FAILED', { data: { issues: [{ path: email ? 'body.password' : 'body.email', message: 'Required' }] } });
    await this.takeAttempt(limiterKey, address);
    const admin = await this.d.repository.findAdminByEmail(email);
    if (!admin || !mayHelp(admin, organisation)) {
      throw new AppError('USER_NOT_FOUND', { message: 'No admin with that e-mail may help this organisation' });
    }
    if (!admin.password_hash || !(await verifyPassword(admin.password_hash, body.password))) {
      throw new AppError('WRONG_PASSWORD');
    }
    await this.succeeded(limiterKey, address);
    const actAs = actAsFrom(organisation, body);
    const target = await findCustomer(this.kit, organisation, actAs);
    if (!target) throw new AppError('NOT_FOUND', { message: 'No customer with that identity' });
    const ref = randomUUID();
    await this.d.repository.createProcess({
      ref,
      organisationId: organisation.id,
      type: 'ADMIN',
      status: 'done',
      userId: target.id,
      expiresAt: new Date(this.now() + PROCESS_TTL_MS),
      clientAddress: address,
      scope: 'INSPECTOR',
      inspectorId: admin.id,
    });
    await recordSupportSession(this.kit, organisation, { admin, customerId: target.id, ref, method: 'ADMIN', actAs: actAs.as, address });
    return { ref, status: 'done', type: 'ADMIN' };
  }

  /**
   * "Open as this customer" (decision 0038): the back office's signed-in staff member starts the
   * same support session as `startSupportSession` (type ADMIN, scope INSPECTOR, the admin as
   * inspector, written to the audit log), limited to one account of the user. The staff call has
   * already checked the scope, the organisation and that the user is a member of the account; the
   * portal exchanges the ref once (`/login?ref=`), within `SUPPORT_LINK_TTL_MS`.
   */
  async startStaffSupportSession(
    organisation: Organisation,
    input: { admin: { id: string; email: string }; userId: string; accountId: string; staff: StaffAuditContext },
  ): Promise<{ ref: string; expiresAt: Date }> {
    const ref = randomUUID();
    const expiresAt = new Date(this.now() + SUPPORT_LINK_TTL_MS);
    await this.d.repository.createProcess({
      ref,
      organisationId: organisation.id,
      type: 'ADMIN',
      status: 'done',
      userId: input.userId,
      expiresAt,
      clientAddress: input.staff.address ?? null,
      scope: 'INSPECTOR',
      inspectorId: input.admin.id,
      state: { accountId: input.accountId },
    });
    await recordSupportSession(this.kit, organisation, {
      admin: input.admin,
      customerId: input.userId,
      ref,
      method: 'BACK_OFFICE',
      actAs: 'accountId',
      accountId: input.accountId,
      address: input.staff.address ?? null,
      staff: input.staff,
    });
    return { ref, expiresAt };
  }

  async startPasswordSignIn(organisation: Organisation, input: { username: string; password: string }, address: string): Promise<AuthProcess> {
    if (!organisation.signInMethods.includes('USR_PWD')) throw new AppError('SIGN_IN_METHOD_DISABLED');
    const usernameKey = `${organisation.id}:${input.username.toLowerCase()}`;
    await this.takeAttempt(usernameKey, address);
    const user = await this.d.repository.findUserByUsername(organisation.id, input.username);
    if (!user) {
      throw new AppError('USER_NOT_FOUND');
    }
    if (!user.password_hash || !(await verifyPassword(user.password_hash, input.password))) {
      throw new AppError('WRONG_PASSWORD');
    }
    await this.succeeded(usernameKey, address);
    const ref = randomUUID();
    await this.d.repository.createProcess({ ref, organisationId: organisation.id, type: 'USR_PWD', status: 'done', userId: user.id, expiresAt: new Date(this.now() + PROCESS_TTL_MS), clientAddress: address });
    await this.d.repository.touchUser(user.id);
    return { ref, status: 'done' };
  }

  /**
   * Counts this attempt against the username (or admin e-mail) and the client address before the
   * password is checked, each in one atomic step, and answers TOO_MANY_ATTEMPTS when either is
   * over its limit. Checking first and counting after let 30 guesses sent at once reach the
   * password check 24–29 times against a limit of 10.
   */
  private async takeAttempt(usernameKey: string, address: string): Promise<void> {
    const [byName, byAddress] = await Promise.all([this.d.usernameLimiter.take(usernameKey), this.d.addressLimiter.take(address)]);
    if (!byName || !byAddress) throw new AppError('TOO_MANY_ATTEMPTS');
  }

  /** A right password: the name's attempts are forgotten, and this one does not count against the address. */
  private async succeeded(usernameKey: string, address: string): Promise<void> {
    await Promise.all([this.d.usernameLimiter.reset(usernameKey), this.d.addressLimiter.release(address)]);
  }

  /** `POST /v3/auth/{type}/callback`: the PIN of USR_PIN, the provider's answer of OpenID. */
  async callback(type: string, organisation: Organisation, body: AuthCallbackRequest): Promise<AuthProcess> {
    const process = await this.d.repository.findProcess(organisation.id, body.ref);
    if (!process || process.type !== type) throw new AppError('AUTH_REF_NOT_FOUND');
    if (type === 'USR_PIN') return this.pin.callback(organisation, process, body);
    if (OpenIdMethod.handles(type)) return this.openId.callback(organisation, process, body);
    throw new AppError('SIGN_IN_METHOD_DISABLED');
  }

  /**
   * The provider sent a web view back to the server (OpenID with polling): finish the process the
   * state belongs to. The address names no organisation, so the process tells which one it is.
   */
  async openIdReturn(query: { code?: string; state?: string; iss?: string; error?: string }, organisationBySlug: (slug: string) => Promise<Organisation>): Promise<AuthProcess> {
    if (!query.state) throw new AppError('OPENID_STATE_MISMATCH');
    const found = await this.d.repository.findProcessBySecretAnywhere(sha256(`oidc:${query.state}`));
    if (!found || !OpenIdMethod.handles(found.process.type)) throw new AppError('OPENID_STATE_MISMATCH');
    const organisation = await organisationBySlug(found.slug);
    return this.openId.callback(organisation, found.process, { organisation: found.slug, ref: found.process.ref, ...query });
  }

  /** `POST /v3/auth/cancel` (ours): the user gives up; a BankID order is cancelled at BankID too. */
  async cancel(organisation: Organisation, ref: string): Promise<AuthProcess> {
    const found = await this.find(organisation, ref);
    if (!found || found.bySecret) throw new AppError('AUTH_REF_NOT_FOUND');
    const { process } = found;
    if (process.status === 'process') {
      if (BankIdMethod.handles(process.type)) await this.bankid.cancel(process);
      await this.d.repository.updateProcess(process.ref, { status: 'aborted', error: 'userCancel', errorMessage: 'Cancelled by the user' }, 'process');
    }
    const after = (await this.d.repository.findProcess(organisation.id, process.ref))!;
    return { ref: process.ref, status: after.status as AuthProcess['status'], type: after.type as AuthProcess['type'] };
  }

  /**
   * The back office's BankID sign-in (issue 16): an order for a QR code on another device. Offered
   * wherever BankID is configured, whatever the organisation offers its customers.
   */
  async startStaffBankId(organisation: Organisation, context: RequestContext): Promise<AuthProcess> {
    this.cleanUpNowAndThen();
    if (await this.d.addressLimiter.isBlocked(context.address)) throw new AppError('TOO_MANY_ATTEMPTS');
    return this.bankid.order(organisation, context, { type: STAFF_BANKID, otherDevice: true });
  }

  /**
   * Where a staff BankID sign-in stands; the order is collected on the way. When BankID has
   * identified someone, `identify` names the admin of that personal number who may work here (or
   * none: the process ends in error, and the address is counted). A done process answers its
   * admin once (`adminId`); later calls get AUTH_REF_USED.
   */
  async staffBankIdStatus(
    organisation: Organisation,
    ref: string,
    identify: (personalNumber: string) => Promise<string | null>,
  ): Promise<{ status: AuthProcess['status']; hintCode: string | null; qrCodeUri: string | null; error: string | null; adminId: string | null }> {
    let process = await this.d.repository.findProcess(organisation.id, ref);
    if (!process || process.type !== STAFF_BANKID) throw new AppError('AUTH_REF_NOT_FOUND');
    if (process.expires_at.getTime() <= this.now()) {
      if (process.status === 'process') await this.expire(process);
    } else {
      const started = process;
      await this.bankid.refresh(organisation, process, async (personalNumber) => {
        const adminId = await identify(personalNumber);
        if (!adminId) {
          if (started.client_address) await this.d.addressLimiter.fail(started.client_address);
          await failProcess(this.kit, started, 'error', 'USER_NOT_FOUND', 'No admin with that personal number may work in this organisation');
          return;
        }
        await this.d.repository.updateProcess(started.ref, { status: 'done', state: { adminId } }, 'process');
      });
    }
    process = (await this.d.repository.findProcess(organisation.id, ref))!;
    const view = this.bankid.view(organisation, process);
    let adminId: string | null = null;
    if (process.status === 'done') {
      if (!(await this.d.repository.markExchanged(organisation.id, process.ref))) throw new AppError('AUTH_REF_USED');
      adminId = (process.state as { adminId?: string }).adminId ?? null;
    }
    return { status: process.status as AuthProcess['status'], hintCode: view.hintCode ?? null, qrCodeUri: view.qrCodeUri ?? null, error: process.error, adminId };
  }

  /** `GET /v3/auth/`: where the process stands; a BankID order is collected on the way. */
  async processStatus(organisation: Organisation, ref: string): Promise<AuthProcess> {
    const found = await this.find(organisation, ref);
    if (!found || found.process.type === STAFF_BANKID) throw new AppError('AUTH_REF_NOT_FOUND');
    let { process } = found;
    if (found.bySecret) await this.emailLink.redeem(organisation, process);
    else if (process.expires_at.getTime() <= this.now()) {
      // Still answered (until the clean-up removes it), so a late poll learns why it ended.
      if (process.status === 'process') await this.expire(process);
    } else if (process.type === 'ADMIN_BANKID') {
      const support = process;
      await this.bankid.refresh(organisation, process, (personalNumber) => this.adminBankId.complete(organisation, support, personalNumber));
    } else if (BankIdMethod.handles(process.type)) {
      await this.bankid.refresh(organisation, process);
    }
    process = (await this.d.repository.findProcess(organisation.id, process.ref))!;
    return this.view(organisation, process, found);
  }

  /** Exchanges a done sign-in for tokens, once; 409 ACCOUNT_PENDING while a new customer's account is created. */
  async exchangeRef(organisation: Organisation, ref: string): Promise<AuthRecord[]> {
    const found = await this.find(organisation, ref);
    if (!found || found.process.type === STAFF_BANKID) throw new AppError('AUTH_REF_NOT_FOUND');
    if (found.process.type === 'EMAIL_LINK' && !found.bySecret) throw new AppError('AUTH_REF_NOT_FOUND', { message: 'Only the link sent by e-mail finishes this sign-in' });
    if (found.bySecret) await this.emailLink.redeem(organisation, found.process);
    const process = (await this.d.repository.findProcess(organisation.id, found.process.ref))!;
    if (process.expires_at.getTime() <= this.now()) throw new AppError('AUTH_REF_NOT_FOUND');
    if (process.status !== 'done') throw new AppError('AUTH_REF_NOT_FOUND', { message: `The sign-in is ${process.status}` });
    let userId = process.user_id;
    const prospect = (process.state as { prospect?: { id: string } }).prospect;
    if (!userId && prospect) {
      const current = await this.d.prospects.find(organisation.id, prospect.id);
      const status = current.status as ProspectStatus;
      if (prospectFailedStatuses.includes(status)) throw new AppError('ACCOUNT_CREATION_FAILED');
      if (!prospectReadyStatuses.includes(status)) throw new AppError('ACCOUNT_PENDING', { data: { prospect: current.id, status } });
      userId = current.user_id;
      await this.d.repository.updateProcess(process.ref, { userId });
    }
    if (!userId) throw new AppError('AUTH_REF_NOT_FOUND');
    // A support session from the back office is limited to the account it was opened for.
    const onlyAccount = (process.state as { accountId?: unknown }).accountId;
    const memberships = (await this.d.accounts.memberships(organisation.id, userId)).filter((m) => typeof onlyAccount !== 'string' || m.account_id === onlyAccount);
    if (memberships.length === 0) throw new AppError('MISSING_USER');
    if (!(await this.d.repository.markExchanged(organisation.id, process.ref))) throw new AppError('AUTH_REF_USED');
    if (prospect) await this.d.prospects.markSignedIn(prospect.id);
    const owner = userId;
    const session = process.scope === 'INSPECTOR' && process.inspector_id ? { scope: 'INSPECTOR' as const, inspectorId: process.inspector_id } : { scope: 'USER' as const };
    const authTime = Math.floor(this.now() / 1000);
    return Promise.all(memberships.map((m) => this.issue(organisation.id, owner, m.account_id, newId(), authTime, session)));
  }

  /** `GET …/accessToken?prospect`: how far the account of a new customer has come. */
  prospectState(organisation: Organisation, id: string): Promise<ProspectState> {
    return this.d.prospects.state(organisation.id, id);
  }

  /** The current animated QR code of a BankID order on another device, as a 300×300 PNG. */
  async qrImage(organisation: Organisation, ref: string): Promise<Buffer> {
    const process = await this.d.repository.findProcess(organisation.id, ref);
    if (!process || !BankIdMethod.handles(process.type) || process.expires_at.getTime() <= this.now()) throw new AppError('NOT_FOUND');
    const data = this.bankid.qrData(process);
    if (!data) throw new AppError('NOT_FOUND');
    return QRCode.toBuffer(data, { type: 'png', width: 300, margin: 2, errorCorrectionLevel: 'L' });
  }

  /** Rotates a refresh token. A token used twice means it leaked: its whole family is revoked. */
  async refresh(organisation: Organisation, refreshToken: string): Promise<AuthRecord[]> {
    const row = await this.d.repository.findRefreshToken(hashRefreshToken(refreshToken));
    if (!row || row.organisation_id !== organisation.id || row.revoked_at || row.expires_at.getTime() <= Date.now()) {
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    if (row.used_at || !(await this.d.repository.useRefreshToken(row.id))) {
      await this.revokeFamily(row.family_id);
      throw new AppError('REFRESH_TOKEN_REUSED');
    }
    try {
      await this.d.accounts.assertMember(organisation.id, row.user_id, row.account_id);
    } catch {
      await this.revokeFamily(row.family_id);
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    const session = row.scope === 'INSPECTOR' && row.inspector_id ? { scope: 'INSPECTOR' as const, inspectorId: row.inspector_id } : { scope: 'USER' as const };
    // The session's sign-in time stays the first one's: a refresh is no new proof of who it is.
    const startedAt = await this.d.repository.familyStartedAt(row.family_id);
    const authTime = Math.floor((startedAt?.getTime() ?? this.now()) / 1000);
    return [await this.issue(organisation.id, row.user_id, row.account_id, row.family_id, authTime, session)];
  }

  /** `PUT /users/resetPassword`: a one-time link to choose a new password (see `methods/password-reset.ts`). */
  async requestPasswordReset(organisation: Organisation, body: { email: string; callbackUrl?: string | undefined }, context: RequestContext): Promise<void> {
    await this.passwordReset.request(organisation, body, context);
  }

  /** Ends the sessions of the refresh tokens given, and the one of the access token itself. */
  async signOut(auth: TokenClaims, refreshTokens: string[]): Promise<void> {
    const families = new Set(await this.d.repository.familiesOf(auth.userId, refreshTokens.map(hashRefreshToken)));
    if (auth.familyId) families.add(auth.familyId);
    for (const family of families) await this.revokeFamily(family);
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.d.repository.revokeFamily(familyId);
    this.d.sessions.markRevoked(familyId);
  }

  /** Ends every other session of the user (a new password: whoever else was signed in is out). */
  async endOtherSessions(organisation: Organisation, userId: string, keepFamilyId: string | undefined): Promise<void> {
    const families = await this.d.repository.revokeOtherFamilies(organisation.id, userId, keepFamilyId);
    for (const family of families) this.d.sessions.markRevoked(family);
  }

  /**
   * Whether the signed-in person may make a sensitive change (password, e-mail, phone): they
   * signed in within the last `RECENT_SIGN_IN_SECONDS`, or they give their current password now.
   * A wrong current password counts against the username like a wrong sign-in (a stolen access
   * token must not become a password oracle); without either, 403 REAUTHENTICATION_REQUIRED.
   */
  async confirmPresence(organisation: Organisation, auth: TokenClaims, currentPassword: string | undefined): Promise<void> {
    if (currentPassword === undefined) {
      if (auth.authTime !== undefined && this.now() / 1000 - auth.authTime <= RECENT_SIGN_IN_SECONDS) return;
      throw new AppError('REAUTHENTICATION_REQUIRED', { data: { recentSignInSeconds: RECENT_SIGN_IN_SECONDS } });
    }
    const user = await this.d.repository.findUserPassword(organisation.id, auth.userId);
    if (!user) throw new AppError('MISSING_USER_ID');
    const key = `${organisation.id}:${(user.username ?? user.id).toLowerCase()}`;
    if (!(await this.d.usernameLimiter.take(key))) throw new AppError('TOO_MANY_ATTEMPTS');
    if (!user.password_hash || !(await verifyPassword(user.password_hash, currentPassword))) throw new AppError('CURRENT_PASSWORD_WRONG');
    await this.d.usernameLimiter.reset(key);
  }

  async documentToken(auth: TokenClaims): Promise<{ accessToken: string; exp: number }> {
    const { token, exp } = await this.d.tokens.sign({ ...auth, use: 'document' }, DOCUMENT_TOKEN_TTL_SECONDS);
    return { accessToken: token, exp };
  }

  /**
   * Removes processes that ended more than a day ago and attempts that no longer count, and
   * abandons stale prospects (run now and then as sign-ins start).
   */
  async cleanUp(): Promise<{ processes: number; prospects: number; attempts: number }> {
    const processes = await this.d.repository.deleteProcessesExpiredBefore(new Date(this.now() - PROCESS_RETENTION_MS));
    const prospects = await this.d.prospects.abandonStale();
    let attempts = 0;
    for (const limiter of [this.d.usernameLimiter, this.d.addressLimiter, this.d.sendLimiter]) attempts += await limiter.prune();
    return { processes, prospects, attempts };
  }

  /** At most every 10 minutes, as sign-ins start: old processes go, stale prospects are abandoned. */
  private cleanUpNowAndThen(): void {
    const now = this.now();
    if (now - this.lastCleanUp < 10 * 60_000) return;
    this.lastCleanUp = now;
    this.cleanUp().catch((error: unknown) => (this.d.log ?? (() => {}))('sign-in clean-up failed', error));
  }

  private async find(organisation: Organisation, ref: string): Promise<Found | null> {
    const process = await this.d.repository.findProcess(organisation.id, ref);
    if (process) return { process, ref, bySecret: false };
    const linked = await this.d.repository.findProcessBySecret(organisation.id, sha256(ref));
    if (linked && linked.type === 'EMAIL_LINK') return { process: linked, ref, bySecret: true };
    return null;
  }

  /** A process under way that ran out of time ends as aborted, with the method's own reason. */
  private async expire(process: ProcessRow): Promise<void> {
    const reason: Record<string, [string, string]> = {
      USR_PIN: ['PIN_EXPIRED', 'The PIN has expired'],
      EMAIL_LINK: ['EMAIL_LINK_EXPIRED', 'The link has expired'],
      BANKID: ['expiredTransaction', 'The BankID order has expired'],
      ADMIN_BANKID: ['expiredTransaction', 'The BankID order has expired'],
      [STAFF_BANKID]: ['expiredTransaction', 'The BankID order has expired'],
    };
    const [error, message] = reason[process.type] ?? ['AUTH_REF_NOT_FOUND', 'The sign-in has expired'];
    await this.d.repository.updateProcess(process.ref, { status: 'aborted', error, errorMessage: message }, 'process');
  }

  private async view(organisation: Organisation, process: ProcessRow, found: Found): Promise<AuthProcess> {
    const type = process.type as NonNullable<AuthProcess['type']>;
    let status = process.status as AuthProcess['status'];
    // The browser that asked for an e-mail link learns that it was used, never the sign-in itself.
    const hideSignIn = process.type === 'EMAIL_LINK' && !found.bySecret;
    if (hideSignIn && status === 'done') status = 'complete';
    const base: AuthProcess = { ref: found.ref, status, type };
    if (process.error) base.error = process.error;
    if (process.error_message) base.errorMessage = process.error_message;
    if (BankIdMethod.handles(type)) Object.assign(base, this.bankid.view(organisation, process));
    else if (type === 'USR_PIN') Object.assign(base, this.pin.view(process));
    else if (type === 'EMAIL_LINK') Object.assign(base, this.emailLink.view(process));
    else if (OpenIdMethod.handles(type)) Object.assign(base, this.openId.view(process));
    if (status !== 'done') return base;

    const prospect = (process.state as { prospect?: { id: string; userId: string; accountId: string } }).prospect;
    if (!process.user_id && prospect) {
      // The account is on its way: the sign-in names it; the token call answers 409 until it exists.
      return { ...base, auths: [{ scope: 'USER', accountId: prospect.accountId, userId: prospect.userId }], accounts: [prospect.accountId], locations: [] };
    }
    if (!process.user_id) return base;
    const userId = process.user_id;
    const [memberships, locations, user] = await Promise.all([
      this.d.accounts.memberships(organisation.id, userId),
      this.d.locations.visibleForUser(organisation, userId),
      this.d.repository.findUserLanguage(userId),
    ]);
    const scope = process.scope === 'INSPECTOR' ? 'INSPECTOR' : 'USER';
    return {
      ...base,
      auths: memberships.map((m) => ({ scope, accountId: m.account_id, userId })),
      accounts: memberships.map((m) => m.account_id),
      locations: locations.map((l) => l._id),
      ...(user?.language ? { language: user.language as NonNullable<AuthProcess['language']> } : {}),
    };
  }

  private async issue(
    organisationId: string,
    userId: string,
    accountId: string,
    familyId: string,
    authTime: number,
    session: { scope: 'USER' } | { scope: 'INSPECTOR'; inspectorId: string } = { scope: 'USER' },
  ): Promise<AuthRecord> {
    const inspectorId = session.scope === 'INSPECTOR' ? session.inspectorId : undefined;
    const { token: accessToken, exp } = await this.d.tokens.sign(
      { userId, organisationId, accountId, scope: session.scope, use: 'access', familyId, authTime, ...(inspectorId ? { inspectorId } : {}) },
      this.d.accessTokenTtlSeconds,
    );
    const refresh = newRefreshToken();
    await this.d.repository.insertRefreshToken({
      id: newId(),
      organisationId,
      userId,
      accountId,
      familyId,
      hash: refresh.hash,
      expiresAt: new Date(Date.now() + this.d.refreshTokenTtlDays * 86_400_000),
      scope: session.scope,
      inspectorId: inspectorId ?? null,
    });
    return { accessToken, refreshToken: refresh.token, exp, scope: session.scope, accountId, userId };
  }
}

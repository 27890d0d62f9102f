import { randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verifySync } from 'otplib';
import { isPlatformScope, type AdminInfo, type StaffBankIdAnswer, type StaffBankIdProgress, type StaffOrganisation, type StaffScope, type StaffSignInAnswer, type StaffTokens } from '@gridline/contracts/staff';
import { backOfficePages } from '@gridline/contracts/settings-flags';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { Sealer } from '../../lib/sealing.ts';
import type { AuditService } from '../audit/service.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { AuthService } from '../auth/service.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { SessionRevocations } from '../auth/session-revocations.ts';
import { newRefreshToken, hashRefreshToken, type StaffClaims, type TokenService } from '../auth/tokens.ts';
import type { Organisation, OrganisationsService } from '../organisations/service.ts';
import type { AdminRow, AdminsRepository } from './repository.ts';
import { adminOf, sha256 } from './service.ts';

/** A sign-in between its first and second factor lives ten minutes and allows five wrong codes. */
const SIGN_IN_LIFETIME_MS = 10 * 60_000;
const MAX_CODE_ATTEMPTS = 5;
/** A staff session lasts at most twelve hours from the sign-in, refreshed or not. */
const SESSION_HOURS = 12;
const RECOVERY_CODES = 10;

/** The back-office areas that feature flags gate (spec 002 §1), in the menu's order. */
export const gatedAreas = backOfficePages;

/**
 * The areas an organisation's release turns on: its bridge-context page flags in the feature-flags
 * part (decision 0059), every page on in a release from before them.
 */
export function areasOf(organisation: Organisation): string[] {
  const pages = organisation.release.content.featureFlags.backOfficePages;
  return gatedAreas.filter((area) => pages[area]);
}

export interface ClientContext {
  address: string;
  userAgent: string | null;
  requestId: string;
}

export interface StaffSignInDeps {
  repository: AdminsRepository;
  /** The BankID order and its collection, shared with the customers' sign-in. */
  auth: Pick<AuthService, 'startStaffBankId' | 'staffBankIdStatus'>;
  organisations: OrganisationsService;
  tokens: TokenService;
  sealer: Sealer;
  audit: AuditService;
  staffSessions: SessionRevocations;
  /** Failed sign-ins per e-mail (10 in 15 minutes) and per client address. */
  emailLimiter: AttemptLimiter;
  addressLimiter: AttemptLimiter;
  accessTokenTtlSeconds: number;
  now?: () => number;
}

/** Compared against when no admin has the e-mail, so that a wrong e-mail costs the same time as a wrong password. */
let decoyHash: Promise<string> | null = null;

/**
 * The back office's sign-in (issue 16, decision 0035): e-mail and password (argon2), then a
 * TOTP code when the admin has one or the organisation requires one (enrolled on the spot, with
 * ten recovery codes shown once). Sessions are refresh-token families, as the customers'.
 */
export class StaffSignInService {
  private readonly d: StaffSignInDeps;
  private readonly now: () => number;
  constructor(deps: StaffSignInDeps) {
    this.d = deps;
    this.now = deps.now ?? Date.now;
  }

  async signIn(body: { organisation: string; email: string; password: string }, context: ClientContext): Promise<StaffSignInAnswer> {
    const organisation = await this.d.organisations.getBySlug(body.organisation);
    const email = body.email.trim().toLowerCase();
    const emailKey = `staff:${email}`;
    // Counted before checking, so that attempts sent at once cannot all pass a limit they share.
    if (await this.d.addressLimiter.isBlocked(context.address)) throw new AppError('TOO_MANY_ATTEMPTS');
    if (!(await this.d.emailLimiter.take(emailKey))) throw new AppError('TOO_MANY_ATTEMPTS');
    const row = await this.d.repository.findByEmail(email);
    decoyHash ??= hashPassword(randomBytes(16).toString('hex'));
    const passwordOk = await verifyPassword(row?.password_hash ?? (await decoyHash), body.password);
    const mayWorkHere = row !== undefined && (row.organisation_id === null || row.organisation_id === organisation.id);
    if (!row || !passwordOk || !mayWorkHere || !row.password_hash) {
      await this.d.addressLimiter.fail(context.address);
      await this.d.audit.record({
        organisationId: organisation.id,
        actorType: 'admin',
        actorId: row?.id ?? null,
        actorEmail: email,
        action: 'staff.sign-in',
        outcome: 'denied',
        data: { method: 'password' },
        address: context.address,
        userAgent: context.userAgent,
        requestId: context.requestId,
      });
      throw new AppError('WRONG_CREDENTIALS');
    }
    await this.d.emailLimiter.reset(emailKey);
    return this.afterFirstFactor(row, organisation, 'password', context);
  }

  /** BankID by QR code: an order at the organisation's back office. */
  async startBankId(organisationSlug: string, context: ClientContext): Promise<StaffBankIdProgress> {
    const organisation = await this.d.organisations.getBySlug(organisationSlug);
    const process = await this.d.auth.startStaffBankId(organisation, { address: context.address, origin: undefined });
    return { status: 'process', ref: process.ref, hintCode: process.hintCode ?? null, qrCodeUri: process.qrCodeUri ?? null, error: null };
  }

  /**
   * A BankID sign-in's progress; once BankID has identified an admin who may work here (a platform
   * admin, or one of the organisation's, with that personal number), the password path's next
   * step: the second factor where needed, else the tokens.
   */
  async bankIdStatus(body: { organisation: string; ref: string }, context: ClientContext): Promise<StaffBankIdAnswer> {
    const organisation = await this.d.organisations.getBySlug(body.organisation);
    const progress = await this.d.auth.staffBankIdStatus(organisation, body.ref, async (personalNumber) => {
      const row = await this.d.repository.findByPersonalIdIn(personalNumber, organisation.id);
      return row?.id ?? null;
    });
    if (progress.status !== 'done' || !progress.adminId) {
      const status = progress.status === 'done' ? 'error' : progress.status;
      return { status, ref: body.ref, hintCode: progress.hintCode, qrCodeUri: progress.qrCodeUri, error: progress.error };
    }
    const row = await this.d.repository.findById(progress.adminId);
    if (!row) throw new AppError('AUTH_REF_NOT_FOUND');
    return this.afterFirstFactor(row, organisation, 'bankid', context);
  }

  /** After the password (or BankID): the second step the admin and the organisation need, or the tokens. */
  private async afterFirstFactor(row: AdminRow, organisation: Organisation, method: 'password' | 'bankid', context: ClientContext): Promise<StaffSignInAnswer> {
    const ref = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.now() + SIGN_IN_LIFETIME_MS);
    if (row.totp_enabled_at && row.totp_secret) {
      await this.d.repository.insertSignIn({ refHash: sha256(ref), adminId: row.id, step: 'second-factor', method, pendingSecret: null, expiresAt });
      return { status: 'second-factor', ref };
    }
    if (organisation.staffSecondFactor) {
      const secret = generateSecret();
      await this.d.repository.insertSignIn({ refHash: sha256(ref), adminId: row.id, step: 'enrol', method, pendingSecret: this.d.sealer.seal(secret), expiresAt });
      return { status: 'enrol', ref, secret, otpauthUri: generateURI({ issuer: `Gridline ${organisation.name}`, label: row.email, secret }) };
    }
    return { status: 'done', tokens: await this.issue(row, method, false, context) };
  }

  async secondFactor(body: { ref: string; code: string }, context: ClientContext): Promise<StaffSignInAnswer> {
    const refHash = sha256(body.ref);
    const signIn = await this.d.repository.findSignIn(refHash);
    if (!signIn || signIn.expires_at.getTime() <= this.now()) {
      if (signIn) await this.d.repository.deleteSignIn(refHash);
      throw new AppError('SIGN_IN_EXPIRED');
    }
    if (signIn.attempts >= MAX_CODE_ATTEMPTS) {
      await this.d.repository.deleteSignIn(refHash);
      throw new AppError('TOO_MANY_ATTEMPTS');
    }
    const row = await this.d.repository.findById(signIn.admin_id);
    if (!row) throw new AppError('SIGN_IN_EXPIRED');
    const code = body.code.replace(/\s+/g, '');
    const method = signIn.method as 'password' | 'bankid';
    if (signIn.step === 'enrol') {
      const secret = this.d.sealer.open(signIn.pending_secret!);
      if (!this.codeFits(secret, code)) return this.wrongCode(refHash, row, context);
      if (!(await this.d.repository.deleteSignIn(refHash))) throw new AppError('SIGN_IN_EXPIRED');
      const recoveryCodes = Array.from({ length: RECOVERY_CODES }, () => formatRecoveryCode(randomBytes(5).toString('hex')));
      await this.d.repository.update(row.id, { totp_secret: signIn.pending_secret!, totp_enabled_at: new Date(this.now()) });
      await this.d.repository.replaceRecoveryCodes(row.id, recoveryCodes.map((c) => sha256(normaliseRecoveryCode(c))));
      await this.d.audit.record({ ...this.actor(row, method, true, context), action: 'admin.second-factor.enrol', subjectType: 'admin', subjectId: row.id, changed: ['secondFactor'] });
      return { status: 'done', tokens: await this.issue(row, method, true, context), recoveryCodes };
    }
    const secret = row.totp_secret ? this.d.sealer.open(row.totp_secret) : null;
    let ok = secret !== null && this.codeFits(secret, code);
    let usedRecovery = false;
    if (!ok && /^[0-9a-f]{5}-?[0-9a-f]{5}$/i.test(code)) {
      usedRecovery = await this.d.repository.useRecoveryCode(row.id, sha256(normaliseRecoveryCode(code)));
      ok = usedRecovery;
    }
    if (!ok) return this.wrongCode(refHash, row, context);
    if (!(await this.d.repository.deleteSignIn(refHash))) throw new AppError('SIGN_IN_EXPIRED');
    if (usedRecovery) await this.d.audit.record({ ...this.actor(row, method, true, context), action: 'admin.second-factor.recovery-code', subjectType: 'admin', subjectId: row.id });
    return { status: 'done', tokens: await this.issue(row, method, true, context) };
  }

  private codeFits(secret: string, code: string): boolean {
    if (!/^\d{6}$/.test(code)) return false;
    try {
      return verifySync({ secret, token: code, epochTolerance: 30, epoch: Math.floor(this.now() / 1000) }).valid;
    } catch {
      return false;
    }
  }

  private async wrongCode(refHash: string, row: AdminRow, context: ClientContext): Promise<never> {
    const attempts = await this.d.repository.failSignIn(refHash);
    await this.d.audit.record({ ...this.actor(row, 'password', false, context), action: 'staff.second-factor', outcome: 'denied', subjectType: 'admin', subjectId: row.id, data: { attempts } });
    if (attempts >= MAX_CODE_ATTEMPTS) {
      await this.d.repository.deleteSignIn(refHash);
      throw new AppError('TOO_MANY_ATTEMPTS');
    }
    throw new AppError('SECOND_FACTOR_WRONG');
  }

  private actor(row: AdminRow, method: string, secondFactor: boolean, context: ClientContext) {
    return {
      organisationId: row.organisation_id,
      actorType: 'admin' as const,
      actorId: row.id,
      actorEmail: row.email,
      actorScope: row.scope,
      actorMethod: secondFactor ? `${method}+otp` : method,
      address: context.address,
      userAgent: context.userAgent,
      requestId: context.requestId,
    };
  }

  private async issue(row: AdminRow, method: 'password' | 'bankid', secondFactor: boolean, context: ClientContext): Promise<StaffTokens> {
    const authTime = new Date(this.now());
    const familyId = newId();
    const refresh = newRefreshToken();
    await this.d.repository.insertSession({
      id: newId(),
      adminId: row.id,
      familyId,
      tokenHash: refresh.hash,
      method,
      secondFactor,
      authTime,
      expiresAt: new Date(authTime.getTime() + SESSION_HOURS * 3_600_000),
    });
    await this.d.repository.update(row.id, { last_sign_in_at: authTime });
    await this.d.audit.record({ ...this.actor(row, method, secondFactor, context), action: 'staff.sign-in', subjectType: 'admin', subjectId: row.id, data: { familyId } });
    return this.tokensFor(row, { familyId, method, secondFactor, authTime }, refresh.token);
  }

  private async tokensFor(row: AdminRow, session: { familyId: string; method: 'password' | 'bankid'; secondFactor: boolean; authTime: Date }, refreshToken: string): Promise<StaffTokens> {
    const claims: StaffClaims = {
      adminId: row.id,
      email: row.email,
      organisationId: row.organisation_id,
      scope: row.scope as StaffScope,
      familyId: session.familyId,
      authTime: Math.floor(session.authTime.getTime() / 1000),
      method: session.method,
      secondFactor: session.secondFactor,
    };
    const { token, exp } = await this.d.tokens.signStaff(claims, this.d.accessTokenTtlSeconds);
    return { accessToken: token, refreshToken, expiresAt: new Date(exp * 1000).toISOString() };
  }

  /** A new pair for a refresh token, once; a second use ends the whole session. The scope is read anew. */
  async refresh(refreshToken: string): Promise<StaffTokens> {
    const hash = hashRefreshToken(refreshToken);
    const used = await this.d.repository.useSession(hash);
    if (!used) {
      const known = await this.d.repository.findSession(hash);
      if (known && (known.used_at || known.revoked_at)) {
        await this.d.repository.revokeFamily(known.family_id);
        this.d.staffSessions.markRevoked(known.family_id);
        throw new AppError('REFRESH_TOKEN_REUSED');
      }
      throw new AppError('REFRESH_TOKEN_INVALID');
    }
    const row = await this.d.repository.findById(used.admin_id);
    if (!row) throw new AppError('REFRESH_TOKEN_INVALID');
    const next = newRefreshToken();
    await this.d.repository.insertSession({
      id: newId(),
      adminId: row.id,
      familyId: used.family_id,
      tokenHash: next.hash,
      method: used.method,
      secondFactor: used.second_factor,
      authTime: used.auth_time,
      expiresAt: used.expires_at,
    });
    return this.tokensFor(row, { familyId: used.family_id, method: used.method as 'password' | 'bankid', secondFactor: used.second_factor, authTime: used.auth_time }, next.token);
  }

  async signOut(staff: StaffClaims, context: ClientContext): Promise<void> {
    await this.d.repository.revokeFamily(staff.familyId);
    this.d.staffSessions.markRevoked(staff.familyId);
    await this.d.audit.record({
      organisationId: staff.organisationId,
      actorType: 'admin',
      actorId: staff.adminId,
      actorEmail: staff.email,
      actorScope: staff.scope,
      action: 'staff.sign-out',
      subjectType: 'admin',
      subjectId: staff.adminId,
      address: context.address,
      userAgent: context.userAgent,
      requestId: context.requestId,
    });
  }

  /** `adminInfo`: the signed-in admin and the organisations they may work in, with their areas. */
  async info(staff: StaffClaims): Promise<AdminInfo> {
    const row = await this.d.repository.findById(staff.adminId);
    if (!row) throw new AppError('SESSION_REVOKED');
    const organisations = isPlatformScope(staff.scope)
      ? await this.d.organisations.list()
      : [await this.d.organisations.findById(staff.organisationId ?? '')].filter((o): o is Organisation => o !== null);
    const view = (o: Organisation): StaffOrganisation => ({ slug: o.slug, name: o.name, country: o.country, staffSecondFactor: o.staffSecondFactor, areas: areasOf(o) });
    return { admin: adminOf(row), organisations: organisations.map(view), method: staff.method, secondFactorUsed: staff.secondFactor };
  }
}

/** `1a2b3-c4d5e`: ten hexadecimal characters, a dash in the middle for reading. */
function formatRecoveryCode(hex: string): string {
  return `${hex.slice(0, 5)}-${hex.slice(5)}`;
}

function normaliseRecoveryCode(code: string): string {
  return code.replace(/[\s-]/g, '').toLowerCase();
}

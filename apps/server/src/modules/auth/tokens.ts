import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { exportPKCS8, exportSPKI, generateKeyPair, importPKCS8, importSPKI, jwtVerify, SignJWT, errors as joseErrors } from 'jose';
import type { CryptoKey } from 'jose';
import { staffScopes, type StaffScope } from '@gridline/contracts/staff';
import { AppError } from '../../lib/errors.ts';

const ALG = 'EdDSA';
const ISSUER = 'gridline';

/** What an access token says: who, in which organisation, for which account, for what. */
export interface TokenClaims {
  userId: string;
  organisationId: string;
  accountId: string;
  /** `INSPECTOR`: an admin in support mode, reading the customer's data on their behalf (read-only). */
  scope: 'USER' | 'INSPECTOR';
  /** The admin of an INSPECTOR session. */
  inspectorId?: string;
  /** `access` for API calls; `document` for the 60-second document links. */
  use: 'access' | 'document';
  /**
   * The refresh-token family (the session) the token was issued in: signing out or a reused
   * refresh token revokes the family, and its access tokens stop working at once (decision 0022).
   */
  familyId?: string;
  /** When the person signed in (seconds), carried unchanged through refreshes: recent sign-in for sensitive changes. */
  authTime?: number;
}

/**
 * What a staff member's access token says (issue 16, decision 0035): who, which scope, in which
 * organisation (none for the platform scopes), the session, and how they signed in. A token of
 * its own kind (`use: staff`): a customer route refuses it and a staff route refuses a customer's.
 */
export interface StaffClaims {
  adminId: string;
  /** For the audit log: who, without a look-up. */
  email: string;
  organisationId: string | null;
  scope: StaffScope;
  familyId: string;
  /** When the person signed in (seconds). */
  authTime: number;
  method: 'password' | 'bankid';
  secondFactor: boolean;
}

const STAFF_SCOPES: readonly string[] = staffScopes;

export interface SigningKeys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
}

/** Keys from the configuration, or a pair generated once into the data folder. */
export async function loadSigningKeys(options: { privatePem?: string; publicPem?: string; dataDir: string }): Promise<SigningKeys> {
  if (options.privatePem && options.publicPem) {
    return { privateKey: await importPKCS8(options.privatePem, ALG), publicKey: await importSPKI(options.publicPem, ALG) };
  }
  const dir = path.join(options.dataDir, 'keys');
  const privatePath = path.join(dir, 'jwt-private.pem');
  const publicPath = path.join(dir, 'jwt-public.pem');
  if (!fs.existsSync(privatePath)) {
    const pair = await generateKeyPair(ALG, { extractable: true });
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(privatePath, await exportPKCS8(pair.privateKey), { mode: 0o600 });
    fs.writeFileSync(publicPath, await exportSPKI(pair.publicKey));
  }
  return {
    privateKey: await importPKCS8(fs.readFileSync(privatePath, 'utf8'), ALG),
    publicKey: await importSPKI(fs.readFileSync(publicPath, 'utf8'), ALG),
  };
}

export class TokenService {
  private readonly keys: SigningKeys;
  private readonly now: () => number;
  /**
   * Claims of tokens already verified, until they expire: a signed-in user sends the same token
   * with every call, and checking an EdDSA signature costs more than the rest of a cached read.
   */
  private readonly verified = new Map<string, { claims: TokenClaims; expMs: number }>();
  private readonly verifiedStaff = new Map<string, { claims: StaffClaims; expMs: number }>();
  private static readonly MAX_VERIFIED = 10_000;

  constructor(keys: SigningKeys, now: () => number = Date.now) {
    this.keys = keys;
    this.now = now;
  }

  async sign(claims: TokenClaims, ttlSeconds: number): Promise<{ token: string; exp: number }> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const exp = nowSeconds + ttlSeconds;
    const token = await new SignJWT({
      org: claims.organisationId,
      acc: claims.accountId,
      scope: claims.scope,
      use: claims.use,
      ...(claims.inspectorId ? { ins: claims.inspectorId } : {}),
      ...(claims.familyId ? { sid: claims.familyId } : {}),
      ...(claims.authTime !== undefined ? { auth_time: claims.authTime } : {}),
    })
      .setProtectedHeader({ alg: ALG })
      .setIssuer(ISSUER)
      .setSubject(claims.userId)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(exp)
      .sign(this.keys.privateKey);
    return { token, exp };
  }

  async signStaff(claims: StaffClaims, ttlSeconds: number): Promise<{ token: string; exp: number }> {
    const nowSeconds = Math.floor(this.now() / 1000);
    const exp = nowSeconds + ttlSeconds;
    const token = await new SignJWT({
      use: 'staff',
      email: claims.email,
      scope: claims.scope,
      org: claims.organisationId,
      sid: claims.familyId,
      auth_time: claims.authTime,
      amr: claims.secondFactor ? [claims.method, 'otp'] : [claims.method],
    })
      .setProtectedHeader({ alg: ALG })
      .setIssuer(ISSUER)
      .setSubject(claims.adminId)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(exp)
      .sign(this.keys.privateKey);
    return { token, exp };
  }

  /** A staff access token's claims; `INVALID_TOKEN` for any other token (a customer's too), `TOKEN_EXPIRED`. */
  async verifyStaff(token: string): Promise<StaffClaims> {
    const cached = this.verifiedStaff.get(token);
    if (cached) {
      if (this.now() >= cached.expMs) {
        this.verifiedStaff.delete(token);
        throw new AppError('TOKEN_EXPIRED');
      }
      return cached.claims;
    }
    let payload: Awaited<ReturnType<typeof jwtVerify>>['payload'];
    try {
      ({ payload } = await jwtVerify(token, this.keys.publicKey, { issuer: ISSUER, algorithms: [ALG], currentDate: new Date(this.now()) }));
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('INVALID_TOKEN');
    }
    const amr = Array.isArray(payload.amr) ? payload.amr : [];
    const method = amr[0];
    if (
      payload.use !== 'staff' ||
      typeof payload.sub !== 'string' ||
      typeof payload.email !== 'string' ||
      typeof payload.scope !== 'string' ||
      !STAFF_SCOPES.includes(payload.scope) ||
      !(payload.org === null || typeof payload.org === 'string') ||
      typeof payload.sid !== 'string' ||
      typeof payload.auth_time !== 'number' ||
      typeof payload.exp !== 'number' ||
      (method !== 'password' && method !== 'bankid')
    ) {
      throw new AppError('INVALID_TOKEN');
    }
    const claims: StaffClaims = {
      adminId: payload.sub,
      email: payload.email,
      organisationId: payload.org as string | null,
      scope: payload.scope as StaffScope,
      familyId: payload.sid,
      authTime: payload.auth_time,
      method,
      secondFactor: amr.includes('otp'),
    };
    if (this.verifiedStaff.size >= TokenService.MAX_VERIFIED) this.verifiedStaff.clear();
    this.verifiedStaff.set(token, { claims, expMs: payload.exp * 1000 });
    return claims;
  }

  /** Verifies signature, expiry and purpose; `TOKEN_EXPIRED` and `INVALID_TOKEN` otherwise. */
  async verify(token: string, use: TokenClaims['use']): Promise<TokenClaims> {
    const cached = this.verified.get(token);
    if (cached) {
      if (this.now() >= cached.expMs) {
        this.verified.delete(token);
        throw new AppError('TOKEN_EXPIRED');
      }
      if (cached.claims.use !== use) throw new AppError('INVALID_TOKEN');
      return cached.claims;
    }
    const { claims, expMs } = await this.verifySignature(token, use);
    if (this.verified.size >= TokenService.MAX_VERIFIED) this.verified.clear();
    this.verified.set(token, { claims, expMs });
    return claims;
  }

  private async verifySignature(token: string, use: TokenClaims['use']): Promise<{ claims: TokenClaims; expMs: number }> {
    try {
      const { payload } = await jwtVerify(token, this.keys.publicKey, { issuer: ISSUER, algorithms: [ALG], currentDate: new Date(this.now()) });
      const inspector = payload.scope === 'INSPECTOR' && typeof payload.ins === 'string';
      if (payload.use !== use || (payload.scope !== 'USER' && !inspector) || typeof payload.sub !== 'string' || typeof payload.org !== 'string' || typeof payload.acc !== 'string') {
        throw new AppError('INVALID_TOKEN');
      }
      if (typeof payload.exp !== 'number') throw new AppError('INVALID_TOKEN');
      const claims: TokenClaims = { userId: payload.sub, organisationId: payload.org, accountId: payload.acc, scope: inspector ? 'INSPECTOR' : 'USER', use };
      if (inspector) claims.inspectorId = payload.ins as string;
      if (typeof payload.sid === 'string') claims.familyId = payload.sid;
      if (typeof payload.auth_time === 'number') claims.authTime = payload.auth_time;
      return { claims, expMs: payload.exp * 1000 };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('INVALID_TOKEN');
    }
  }
}

/** Refresh tokens are opaque random strings; only their SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessScope } from '@gridline/contracts/enums';
import { AppError } from '../lib/errors.ts';
import type { SessionRevocations } from '../modules/auth/session-revocations.ts';
import type { StaffClaims, TokenClaims, TokenService } from '../modules/auth/tokens.ts';
import type { AccessService } from '../modules/access/service.ts';
import type { Organisation, OrganisationsService } from '../modules/organisations/service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    organisation: Organisation | null;
    auth: TokenClaims | null;
    /** The staff member of a back-office call (a route whose contract lists staff scopes). */
    staff: StaffClaims | null;
  }
}

/**
 * Resolves `{organisation}` in the path to the tenant, and the bearer token to its claims. A token
 * of one organisation is refused under another's prefix, so no handler can mix tenants.
 */
export function registerContext(
  app: FastifyInstance,
  deps: { organisations: OrganisationsService; tokens: TokenService; sessions: SessionRevocations; staffSessions: SessionRevocations; access: AccessService },
): void {
  app.decorateRequest('organisation', null);
  app.decorateRequest('auth', null);
  app.decorateRequest('staff', null);

  // Before validation, so that the route's access check (preValidation) knows the tenant.
  app.addHook('preValidation', async (request) => {
    const slug = (request.params as { organisation?: unknown } | undefined)?.organisation;
    if (typeof slug === 'string') request.organisation = await deps.organisations.getBySlug(slug);
  });

  const bearer = (request: FastifyRequest): string => {
    const header = request.headers.authorization;
    if (!header || !header.startsWith('Bearer ')) throw new AppError('UNAUTHORIZED');
    return header.slice('Bearer '.length).trim();
  };

  /** Whether this GET changes something: always, or when the contract's query flag is 'true'. */
  const readWrites = (request: FastifyRequest): boolean => {
    const writes = request.routeOptions.config.writes;
    if (writes === undefined || writes === true) return writes === true;
    return (request.query as Record<string, unknown> | undefined)?.[writes.whenQuery] === 'true';
  };

  const asUser = async (request: FastifyRequest, claims: TokenClaims) => {
    if (request.organisation && request.organisation.id !== claims.organisationId) throw new AppError('INVALID_TOKEN');
    // A signed-out or revoked session's tokens stop at once, not when they expire.
    if (claims.familyId && (await deps.sessions.isRevoked(claims.familyId))) throw new AppError('SESSION_REVOKED');
    // Support mode (INSPECTOR) reads a customer's data and changes none of it (issue 5); it may
    // still sign out and switch between the customer's accounts to look at them.
    if (claims.scope === 'INSPECTOR' && (!['GET', 'HEAD'].includes(request.method) || readWrites(request))) {
      const route = `${request.method} ${request.routeOptions.url ?? ''}`;
      if (route !== 'DELETE /v3/auth/' && route !== 'PUT /v4/:organisation/users/me/active-account') throw new AppError('READ_ONLY_SESSION');
    }
    request.auth = claims;
  };

  const asStaff = async (request: FastifyRequest, claims: StaffClaims, scopes: readonly AccessScope[]) => {
    if (await deps.staffSessions.isRevoked(claims.familyId)) throw new AppError('SESSION_REVOKED');
    if (!(scopes as readonly string[]).includes(claims.scope)) throw new AppError('FORBIDDEN', { message: `This needs one of the scopes ${scopes.join(', ')}` });
    if (request.organisation) deps.access.assertStaffIn(claims, request.organisation.id);
    request.staff = claims;
  };

  app.decorate('requireUser', async (request: FastifyRequest) => {
    await asUser(request, await deps.tokens.verify(bearer(request), 'access'));
  });

  // Back-office calls (decision 0035): a staff token of one of the named scopes. 401 without a
  // valid token (or with an ended session), 403 with a customer's token or another scope, and 404
  // under another organisation's prefix unless the scope is a platform one.
  app.decorate('requireScope', (scopes: readonly AccessScope[]) => async (request: FastifyRequest) => {
    const token = bearer(request);
    let claims: StaffClaims;
    try {
      claims = await deps.tokens.verifyStaff(token);
    } catch (error) {
      if (error instanceof AppError && error.key === 'INVALID_TOKEN' && (await deps.tokens.verify(token, 'access').then(() => true, () => false))) {
        throw new AppError('FORBIDDEN', { message: 'This is a back-office call; a customer session may not make it' });
      }
      throw error;
    }
    await asStaff(request, claims, scopes);
  });

  // A call the customer makes on their own data and staff make for them (decision 0042): the
  // customer's access token as `requireUser` takes it, else a staff token as `requireScope` does.
  app.decorate('requireUserOrScope', (scopes: readonly AccessScope[]) => async (request: FastifyRequest) => {
    const token = bearer(request);
    let user: TokenClaims | null = null;
    try {
      user = await deps.tokens.verify(token, 'access');
    } catch (error) {
      if (!(error instanceof AppError && error.key === 'INVALID_TOKEN')) throw error;
    }
    if (user) await asUser(request, user);
    else await asStaff(request, await deps.tokens.verifyStaff(token), scopes);
  });
}

declare module 'fastify' {
  interface FastifyInstance {
    requireUser: (request: FastifyRequest) => Promise<void>;
    requireScope: (scopes: readonly AccessScope[]) => (request: FastifyRequest) => Promise<void>;
    requireUserOrScope: (scopes: readonly AccessScope[]) => (request: FastifyRequest) => Promise<void>;
  }
}

/** The tenant and user of a request that passed `requireUser` under an organisation prefix. */
export function tenantUser(request: FastifyRequest): { organisation: Organisation; auth: TokenClaims } {
  if (!request.organisation || !request.auth) throw new AppError('UNAUTHORIZED');
  return { organisation: request.organisation, auth: request.auth };
}

/** The staff member of a request that passed `requireScope`. */
export function staffOf(request: FastifyRequest): StaffClaims {
  if (!request.staff) throw new AppError('UNAUTHORIZED');
  return request.staff;
}

export function tenant(request: FastifyRequest): Organisation {
  if (!request.organisation) throw new AppError('UNKNOWN_ORGANISATION');
  return request.organisation;
}

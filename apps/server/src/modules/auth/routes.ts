import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccessTokenQuery, AuthStatusQuery, LoginRequest, LogoutRequest, PasswordLoginRequest } from '@gridline/contracts/auth';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { tenant } from '../../plugins/context.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { AuthService } from './service.ts';

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; organisations: OrganisationsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post('/v3/auth/', { schema: { tags, summary: 'Start a sign-in', body: LoginRequest } }, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.body.organisation);
    if (request.body.type !== 'USR_PWD') throw new AppError('SIGN_IN_METHOD_DISABLED');
    const parsed = PasswordLoginRequest.safeParse(request.body);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message }));
      throw new AppError('VALIDATION_FAILED', { data: { issues } });
    }
    return ok(await deps.auth.startPasswordSignIn(organisation, parsed.data, request.ip));
  });

  r.get('/v3/auth/', { schema: { tags, summary: 'Sign-in process status', querystring: AuthStatusQuery } }, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.query.organisation);
    return ok(await deps.auth.processStatus(organisation, request.query.ref));
  });

  r.get(
    '/v4/:organisation/account/sessions/accessToken',
    { schema: { tags, summary: 'Exchange a ref for tokens, or renew with a refresh token', params: z.object({ organisation: z.string() }), querystring: AccessTokenQuery } },
    async (request) => {
      const organisation = tenant(request);
      const auths = request.query.ref
        ? await deps.auth.exchangeRef(organisation, request.query.ref)
        : await deps.auth.refresh(organisation, request.query.refreshToken ?? '');
      return ok({ auths });
    },
  );

  r.delete('/v3/auth/', { schema: { tags, summary: 'Sign out', body: LogoutRequest.optional() }, preHandler: app.requireUser }, async (request) => {
    await deps.auth.signOut(request.auth!, request.body?.refreshTokens ?? []);
    return ok({ signedOut: true });
  });

  r.get('/v3/auth/short-accesstoken', { schema: { tags, summary: 'A 60-second token for document links' }, preHandler: app.requireUser }, async (request) => {
    return ok(await deps.auth.documentToken(request.auth!));
  });
}

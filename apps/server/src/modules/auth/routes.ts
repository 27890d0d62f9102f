import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccessTokenQuery, AuthCallbackRequest, AuthCancelRequest, AuthStatusQuery, LoginRequest, LogoutRequest, PasswordLoginRequest } from '@gridline/contracts/auth';
import { SignInType } from '@gridline/contracts/enums';
import { signInMessageTexts } from '@gridline/copy/documents/sign-in-messages';
import { OPENID_RETURN_PATH } from '../../integrations/sign-in-services.ts';
import { AppError } from '../../lib/errors.ts';
import { ok } from '../../lib/http.ts';
import { tenant } from '../../plugins/context.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { AuthService } from './service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; organisations: OrganisationsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const context = (request: { ip: string; headers: Record<string, unknown> }) => ({
    address: request.ip,
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
  });

  r.post('/v3/auth/', { schema: { tags, summary: 'Start a sign-in (USR_PWD, BANKID, USR_PIN, EMAIL_LINK, OPENID, …)', body: LoginRequest } }, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.body.organisation);
    if (request.body.type === 'USR_PWD') {
      const parsed = PasswordLoginRequest.safeParse(request.body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message }));
        throw new AppError('VALIDATION_FAILED', { data: { issues } });
      }
    }
    return ok(await deps.auth.start(organisation, request.body, context(request)));
  });

  r.get('/v3/auth/', { schema: { tags, summary: 'Sign-in process status', querystring: AuthStatusQuery } }, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.query.organisation);
    return ok(await deps.auth.processStatus(organisation, request.query.ref));
  });

  r.post(
    '/v3/auth/:type/callback',
    { schema: { tags, summary: 'The second step of a sign-in: the PIN (USR_PIN), the provider’s answer (OPENID)', params: z.object({ type: SignInType }), body: AuthCallbackRequest } },
    async (request) => {
      const organisation = await deps.organisations.getBySlug(request.body.organisation);
      return ok(await deps.auth.callback(request.params.type, organisation, request.body));
    },
  );

  r.post('/v3/auth/cancel', { schema: { tags, summary: 'Give up a sign-in under way (ours)', body: AuthCancelRequest } }, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.body.organisation);
    return ok(await deps.auth.cancel(organisation, request.body.ref));
  });

  r.get(
    '/v3/auth/qr',
    { schema: { tags, summary: 'The current animated BankID QR code of a sign-in on another device, 300×300 PNG (ours)', querystring: AuthStatusQuery.extend({ t: z.string().optional() }) } },
    async (request, reply) => {
      const organisation = await deps.organisations.getBySlug(request.query.organisation);
      const png = await deps.auth.qrImage(organisation, request.query.ref);
      return reply.type('image/png').header('cache-control', 'no-store').send(png);
    },
  );

  r.get(
    OPENID_RETURN_PATH,
    {
      schema: {
        tags,
        summary: 'Where an OpenID provider sends an app’s web view back to (OPENID_WEB_VIEW with polling); finishes the sign-in (ours)',
        querystring: z.object({ code: z.string().max(4000).optional(), state: z.string().max(500).optional(), iss: z.string().max(2000).optional(), error: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      let done = false;
      let language: keyof typeof signInMessageTexts = 'en';
      try {
        const result = await deps.auth.openIdReturn(request.query, async (slug) => {
          const organisation = await deps.organisations.getBySlug(slug);
          language = organisation.defaultLanguage;
          return organisation;
        });
        done = result.status === 'done';
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        reply.status(error.status);
      }
      const texts = signInMessageTexts[language];
      const message = done ? texts.returnDone : texts.returnFailed;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.returnTitle)}</title></head><body><main><h1>${escapeHtml(texts.returnTitle)}</h1><p role="status">${escapeHtml(message)}</p></main></body></html>`);
    },
  );

  r.get(
    '/v4/:organisation/account/sessions/accessToken',
    {
      schema: {
        tags,
        summary: 'Exchange a ref for tokens (409 ACCOUNT_PENDING while a new account is created), poll that account (`prospect`), or renew with a refresh token',
        params: z.object({ organisation: z.string() }),
        querystring: AccessTokenQuery,
      },
    },
    async (request) => {
      const organisation = tenant(request);
      if (request.query.prospect) return ok(await deps.auth.prospectState(organisation, request.query.prospect));
      const auths = request.query.ref
        ? await deps.auth.exchangeRef(organisation, request.query.ref)
        : await deps.auth.refresh(organisation, request.query.refreshToken ?? '');
      return ok({ auths });
    },
  );

  r.delete('/v3/auth/', { schema: { tags, summary: 'Sign out', body: LogoutRequest.nullish() }, preHandler: app.requireUser }, async (request) => {
    await deps.auth.signOut(request.auth!, request.body?.refreshTokens ?? []);
    return ok({ signedOut: true });
  });

  r.get('/v3/auth/short-accesstoken', { schema: { tags, summary: 'A 60-second token for document links' }, preHandler: app.requireUser }, async (request) => {
    return ok(await deps.auth.documentToken(request.auth!));
  });
}

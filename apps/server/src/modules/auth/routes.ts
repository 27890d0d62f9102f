import type { FastifyInstance } from 'fastify';
import { PasswordLoginRequest } from '@gridline/contracts/auth';
import {
  cancelSignIn,
  getAccessToken,
  getShortAccessToken,
  getSignInQrCode,
  getSignInStatus,
  openIdReturn,
  signInCallback,
  signOut,
  startSignIn,
} from '@gridline/contracts/endpoints/auth';
import { requestPasswordReset } from '@gridline/contracts/endpoints/users';
import { signInMessageTexts } from '@gridline/copy/documents/sign-in-messages';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { tenant } from '../../plugins/context.ts';
import type { OrganisationsService } from '../organisations/service.ts';
import type { AuthService } from './service.ts';
import { escapeHtml } from '../../lib/html.ts';

export function authRoutes(app: FastifyInstance, deps: { auth: AuthService; organisations: OrganisationsService }): void {
  const context = (request: { ip: string; headers: Record<string, unknown> }) => ({
    address: request.ip,
    origin: typeof request.headers.origin === 'string' ? request.headers.origin : undefined,
  });

  route(app, startSignIn, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.body.organisation);
    if (request.body.type === 'USR_PWD') {
      const parsed = PasswordLoginRequest.safeParse(request.body);
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message }));
        throw new AppError('VALIDATION_FAILED', { data: { issues } });
      }
    }
    return deps.auth.start(organisation, request.body, context(request));
  });

  route(app, requestPasswordReset, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.params.organisation);
    await deps.auth.requestPasswordReset(organisation, request.body, context(request));
    return { success: true as const };
  });

  route(app, getSignInStatus, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.query.organisation);
    return deps.auth.processStatus(organisation, request.query.ref);
  });

  route(app, signInCallback, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.body.organisation);
    return deps.auth.callback(request.params.type, organisation, request.body);
  });

  route(app, cancelSignIn, async (request) => {
    const organisation = await deps.organisations.getBySlug(request.body.organisation);
    return deps.auth.cancel(organisation, request.body.ref);
  });

  route(app, getSignInQrCode, async (request, reply) => {
    const organisation = await deps.organisations.getBySlug(request.query.organisation);
    const png = await deps.auth.qrImage(organisation, request.query.ref);
    return reply.type('image/png').header('cache-control', 'no-store').send(png);
  });

  route(app, openIdReturn, async (request, reply) => {
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
  });

  route(app, getAccessToken, async (request) => {
    const organisation = tenant(request);
    if (request.query.prospect) return deps.auth.prospectState(organisation, request.query.prospect);
    const auths = request.query.ref
      ? await deps.auth.exchangeRef(organisation, request.query.ref)
      : await deps.auth.refresh(organisation, request.query.refreshToken ?? '');
    return { auths };
  });

  route(app, signOut, async (request) => {
    await deps.auth.signOut(request.auth!, request.body?.refreshTokens ?? []);
    return { signedOut: true as const };
  });

  route(app, getShortAccessToken, async (request) => deps.auth.documentToken(request.auth!));
}

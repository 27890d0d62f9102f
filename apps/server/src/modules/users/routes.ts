import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SetActiveAccountRequest, SetLanguageRequest, UpdateUserRequest } from '@gridline/contracts/users';
import { ok } from '../../lib/http.ts';
import { tenantUser } from '../../plugins/context.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { UsersService } from './service.ts';

export function userRoutes(app: FastifyInstance, deps: { users: UsersService; accounts: AccountsService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const organisationParams = z.object({ organisation: z.string() });

  r.get('/v4/:organisation/users/me', { schema: { tags: ['users'], summary: 'The signed-in user', params: organisationParams }, preHandler: app.requireUser }, async (request) => {
    const { organisation, auth } = tenantUser(request);
    return ok(await deps.users.get(organisation, auth.userId));
  });

  r.put(
    '/v4/:organisation/users/me/active-account',
    { schema: { tags: ['users'], summary: 'Set the active account', params: organisationParams, body: SetActiveAccountRequest }, preHandler: app.requireUser },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.users.setActiveAccount(organisation, auth.userId, request.body.accountId));
    },
  );

  r.put(
    '/v4/:organisation/users/me/language',
    {
      schema: {
        tags: ['users'],
        summary: "Set the user's interface language",
        description: 'One of the organisation\'s languages (its `LANGUAGES` flag); another is `400 LANGUAGE_NOT_OFFERED`. Answers the user.',
        params: organisationParams,
        body: SetLanguageRequest,
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.users.setLanguage(organisation, auth.userId, request.body.language));
    },
  );

  r.put(
    '/v4/:organisation/users/:id',
    {
      schema: {
        tags: ['users'],
        summary: "Change the signed-in user's e-mail and phone number, or password",
        description:
          'Spec 001 §7 `PUT /users/{id}`. `{id}` must be the signed-in user (any other is `404 NOT_FOUND`). Body: `email` and/or `phoneNumber`, or `newPassword` alone. ' +
          'Rules (packages/contracts/src/contact.ts): e-mail at most 35 characters (`400 MALFORMED_EMAIL`); phone `+`, a 1–4 digit country code, an optional space or dash, 9–15 digits ' +
          '(`400 MALFORMED_PHONE_NUMBER`; stored normalised); a detail the organisation does not let customers edit is `403 CONTACT_NOT_EDITABLE`; a password of 3–128 characters (`400 MALFORMED_PASSWORD`). Answers the user.',
        params: organisationParams.extend({ id: z.string() }),
        body: UpdateUserRequest,
      },
      preHandler: app.requireUser,
    },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.users.update(organisation, auth, request.params.id, request.body));
    },
  );

  r.get(
    '/v4/:organisation/accounts/:accountId/me',
    { schema: { tags: ['accounts'], summary: "The account's owner, users and provider", params: organisationParams.extend({ accountId: z.string() }) }, preHandler: app.requireUser },
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return ok(await deps.accounts.me(organisation.id, auth.userId, request.params.accountId));
    },
  );
}

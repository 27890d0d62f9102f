import type { FastifyInstance } from 'fastify';
import { createInboxMessage, sendPushMessage } from '@gridline/contracts/endpoints/bridge';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import type { InboxService } from './service.ts';

export function inboxRoutes(app: FastifyInstance, deps: { inbox: InboxService }): void {
  route(app, sendPushMessage, async (request) => deps.inbox.send(staffOf(request), request.query.organisation, request.body.recipients), { config: { issueKeys: sendPushMessage.errors } });
  route(app, createInboxMessage, async (request) => deps.inbox.send(staffOf(request), request.query.organisation, request.body.recipients), { config: { issueKeys: createInboxMessage.errors } });
}

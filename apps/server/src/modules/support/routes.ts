import type { FastifyInstance } from 'fastify';
import {
  createFeedback,
  deleteFeedback,
  exportFeedback,
  getFeedback,
  getSupportConversation,
  getSupportFeedback,
  getSupportMessages,
  listFeedback,
  listSupportConversations,
  replySupportConversation,
  sendSupportFeedback,
  sendSupportMessage,
  updateFeedback,
} from '@gridline/contracts/endpoints/support';
import { route } from '../../lib/route.ts';
import { staffOf, tenantUser } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { SupportService } from './service.ts';
import { sendDownload } from '../../lib/download.ts';

/** Support messages and feedback (decision 0047): routes are thin, the rules are the service's. */
export function supportRoutes(app: FastifyInstance, deps: { support: SupportService }): void {
  const { support } = deps;

  // The customer's own (spec 001 §7), never kept by a cache: an answer must show at once.
  route(app, getSupportMessages, async (request, reply) => {
    const { organisation, auth } = tenantUser(request);
    reply.header('cache-control', 'no-store');
    return support.messages(organisation, auth, request.query.markAsRead === 'true');
  });
  route(
    app,
    sendSupportMessage,
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return support.send(organisation, auth, request.body.text);
    },
    { config: { issueKeys: sendSupportMessage.errors } },
  );
  route(app, getSupportFeedback, async (request, reply) => {
    const { organisation, auth } = tenantUser(request);
    reply.header('cache-control', 'no-store');
    return support.feedback(organisation, auth);
  });
  route(
    app,
    sendSupportFeedback,
    async (request) => {
      const { organisation, auth } = tenantUser(request);
      return support.leaveFeedback(organisation, auth, request.body.text);
    },
    { config: { issueKeys: sendSupportFeedback.errors } },
  );

  // Staff: conversations.
  route(app, listSupportConversations, async (request) => support.conversations(staffOf(request), request.query));
  route(app, getSupportConversation, async (request) =>
    support.conversation(
      staffOf(request),
      staffAuditContext(request, staffOf(request)),
      request.query.organisation,
      request.params.userId,
      request.query.markAsRead === 'true',
    ),
  );
  route(
    app,
    replySupportConversation,
    async (request) =>
      support.reply(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.params.userId, request.body.text),
    {
      config: { issueKeys: replySupportConversation.errors },
    },
  );

  // Staff: feedback (spec 002 §7).
  route(app, listFeedback, async (request) => support.listFeedback(staffOf(request), request.query));
  route(app, exportFeedback, async (request, reply) => {
    const file = await support.exportFeedback(staffOf(request), staffAuditContext(request, staffOf(request)), request.query);
    return sendDownload(reply, file);
  });
  route(
    app,
    createFeedback,
    async (request) => support.createFeedback(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.body),
    {
      config: { issueKeys: createFeedback.errors },
    },
  );
  route(app, getFeedback, async (request) => support.getFeedback(staffOf(request), request.query.organisation, request.params.id));
  route(app, updateFeedback, async (request) =>
    support.updateFeedback(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.params.id, request.body),
  );
  route(app, deleteFeedback, async (request) => {
    await support.deleteFeedback(staffOf(request), staffAuditContext(request, staffOf(request)), request.query.organisation, request.params.id);
    return { success: true as const };
  });
}

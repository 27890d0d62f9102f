import type { FastifyInstance } from 'fastify';
import { getEmailDeepLinks, sendTestEmail } from '@gridline/contracts/endpoints/bridge';
import { route } from '../../lib/route.ts';
import { staffOf, tenant } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { EmailService } from './service.ts';

export function emailRoutes(app: FastifyInstance, deps: { email: EmailService }): void {
  route(app, getEmailDeepLinks, async (request) => deps.email.deepLinks(tenant(request)));
  route(app, sendTestEmail, async (request) => deps.email.sendTest(staffOf(request), staffAuditContext(request, staffOf(request)), tenant(request), request.body), {
    config: { issueKeys: sendTestEmail.errors },
  });
}

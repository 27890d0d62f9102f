import type { FastifyInstance } from 'fastify';
import { actOnScheduledJob, listScheduledJobs, updateScheduledJob } from '@gridline/contracts/endpoints/scheduled-jobs';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import { staffAuditContext } from '../audit/service.ts';
import type { ScheduledJobsService } from './service.ts';

/** Scheduled jobs for staff (spec 002 §7, decision 0045): the rules and the audit entries are the service's. */
export function scheduledJobRoutes(app: FastifyInstance, deps: { scheduledJobs: ScheduledJobsService }): void {
  route(app, listScheduledJobs, async (request) => deps.scheduledJobs.list(staffOf(request), request.query));
  route(app, updateScheduledJob, async (request) => deps.scheduledJobs.update(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.id, request.body));
  route(app, actOnScheduledJob, async (request) => deps.scheduledJobs.act(staffOf(request), staffAuditContext(request, staffOf(request)), request.params.id, request.params.action));
}

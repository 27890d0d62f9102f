import type { FastifyInstance } from 'fastify';
import { exportAuditLogs, getAuditLog, getAuditRetention, searchAuditLogs, updateAuditRetention } from '@gridline/contracts/endpoints/audit';
import { route } from '../../lib/route.ts';
import { staffOf, tenant } from '../../plugins/context.ts';
import type { AuditLogService } from './log.ts';
import { staffAuditContext } from './service.ts';
import { sendDownload } from '../../lib/download.ts';

/** The audit log for staff (decision 0037); the path's organisation was checked by `requireScope`. */
export function auditRoutes(app: FastifyInstance, deps: { auditLog: AuditLogService }): void {
  route(app, searchAuditLogs, async (request) => deps.auditLog.search(staffOf(request), tenant(request), request.body));
  route(app, getAuditLog, async (request) => deps.auditLog.get(staffOf(request), tenant(request), request.params.id));
  route(app, exportAuditLogs, async (request, reply) => {
    const file = await deps.auditLog.export(staffOf(request), staffAuditContext(request, staffOf(request)), tenant(request), request.query);
    return sendDownload(reply, file);
  });
  route(app, getAuditRetention, async (request) => deps.auditLog.retention(tenant(request)));
  route(app, updateAuditRetention, async (request) =>
    deps.auditLog.setRetention(staffAuditContext(request, staffOf(request)), tenant(request), request.body.days),
  );
}

import type { FastifyInstance } from 'fastify';
import { decodeJwt } from 'jose';
import { getBridgeDashboard, validateBridgeAuth } from '@gridline/contracts/endpoints/bridge';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { staffOf } from '../../plugins/context.ts';
import type { LayoutService } from './service.ts';

export function layoutRoutes(app: FastifyInstance, deps: { layout: LayoutService }): void {
  route(app, validateBridgeAuth, async (request) => {
    const staff = staffOf(request);
    // The token was verified (signature, expiry, session) before the handler; its expiry is read for the answer.
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const exp = bearer ? decodeJwt(bearer).exp : undefined;
    if (typeof exp !== 'number') throw new AppError('INVALID_TOKEN');
    return deps.layout.validateAuth(staff, new Date(exp * 1000));
  });
  route(app, getBridgeDashboard, async (request) => deps.layout.dashboard(staffOf(request), request.params.name, request.query.organisation));
}

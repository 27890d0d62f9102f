import type { FastifyInstance } from 'fastify';
import { getAvailableFavorites, getLocationAttributes, previewAudience } from '@gridline/contracts/endpoints/segments';
import { route } from '../../lib/route.ts';
import { tenant } from '../../plugins/context.ts';
import type { SegmentsService } from './service.ts';

/**
 * Audiences (decision 0052). The organisation in the path is checked by the context plugin:
 * organisation staff only their own (another's is 404), platform staff every one.
 */
export function segmentRoutes(app: FastifyInstance, deps: { segments: SegmentsService }): void {
  route(app, previewAudience, async (request) => deps.segments.audience(tenant(request), request.body.rules), {
    config: { issueKeys: previewAudience.errors },
  });
  route(app, getLocationAttributes, async (request) => deps.segments.locationAttributes(tenant(request), request.params.locationId));
  route(app, getAvailableFavorites, async (request) => deps.segments.availableFavorites(tenant(request)));
}

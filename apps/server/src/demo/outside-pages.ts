import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { escapeHtml as escape } from '../lib/html.ts';

/**
 * Stand-ins for the provider's outside web pages that the portal links to or frames (the grid
 * operator's invoices, the split-invoice service, the renewal form, an agreement offer), so that
 * the demo organisations' links lead somewhere real. Each is one small, accessible HTML page; a
 * real organisation configures its own addresses instead (copy texts `organisation:urls.*`).
 */
function send(reply: FastifyReply, title: string, body: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#111827;background:#fff;line-height:1.5}h1{font-size:1.25rem;margin:0 0 .75rem}p{margin:.5rem 0}.note{color:#4b5563;font-size:.875rem}</style></head>
<body><main><h1>${escape(title)}</h1>${body}<p class="note">A stand-in for an outside service in the Gridline demo.</p></main></body></html>`;
  // The portal frames some of these (the split-invoice service), as it would a provider's own
  // page that lets the portal embed it: framing by this origin only, instead of the default's none.
  return reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'")
    .header('x-frame-options', 'SAMEORIGIN')
    .send(html);
}

export function outsidePageRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const text = z.string().max(40).default('');

  r.get('/demo/split-invoice', { schema: { hide: true, querystring: z.object({ invoice: text, environment: text }) } }, async (request, reply) => {
    const { invoice, environment } = request.query;
    return send(
      reply,
      `Split invoice ${invoice}`,
      `<p>Pay invoice <strong>${escape(invoice)}</strong> in 3, 6 or 12 monthly instalments.</p><p>Environment: ${escape(environment || 'unknown')}</p>`,
    );
  });
  r.get('/demo/renew-agreement', { schema: { hide: true, querystring: z.object({ siteId: text }) } }, async (request, reply) =>
    send(reply, 'Renew your electricity agreement', `<p>Renewal for site <strong>${escape(request.query.siteId)}</strong>: choose a new agreement and sign.</p>`),
  );
  r.get('/demo/grid-invoices', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, 'Your grid invoices', '<p>The grid operator’s invoices for your address are listed here.</p>'),
  );
  r.get('/demo/agreement-offer', { schema: { hide: true } }, async (_request, reply) =>
    send(reply, 'Our agreements', '<p>Compare our hourly spot, monthly spot and fixed price agreements.</p>'),
  );
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SERVER_PAGE_CSP } from '../plugins/security.ts';
import { z } from 'zod';
import { escapeHtml as escape } from '../lib/html.ts';

/**
 * Stand-ins for outside services of the help and notices features, so that the demo
 * organisations' links and widgets lead somewhere real without a third party:
 * - `/demo/accessibility-statement?org=<slug>`: the accessibility statement the FAQ page links to;
 * - `/demo/outage-map`: the outage map of the disruption info box;
 * - `/demo/support-chat/<provider>.js`: a small script that takes the place of a chat provider's
 *   widget (Intercom, Zendesk, tawk.to): it answers the same global API the portal calls and draws
 *   a launcher and a panel. The browser tests load it instead of the provider's script.
 * A real organisation configures its own addresses (copy texts `organisation:urls.*`) and its
 * chat (`featureConfigurations.public.supportChat`).
 */
function page(reply: FastifyReply, title: string, body: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:1.5rem;color:#111827;background:#fff;line-height:1.5;max-width:48rem}h1{font-size:1.375rem;margin:0 0 .75rem}h2{font-size:1.125rem;margin:1.25rem 0 .5rem}p,li{margin:.5rem 0}.note{color:#4b5563;font-size:.875rem}</style></head>
<body><main><h1>${escape(title)}</h1>${body}<p class="note">A stand-in for an outside page in the Gridline demo.</p></main></body></html>`;
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').header('content-security-policy', SERVER_PAGE_CSP).send(html);
}

/** The launcher and panel every chat stand-in draws; `provider` names it for the page and the tests. */
function chatWidget(provider: string): string {
  return `
  function draw(settings) {
    var existing = document.getElementById('demo-support-chat-text');
    if (existing) {
      if (settings.language) existing.textContent = describe(settings.language);
      return;
    }
    var root = document.createElement('aside');
    root.id = 'demo-support-chat';
    root.setAttribute('aria-label', 'Support chat');
    root.setAttribute('data-chat-provider', ${JSON.stringify(provider)});
    root.setAttribute('lang', 'en');
    root.style.cssText = 'position:fixed;right:1rem;bottom:1rem;z-index:50;display:grid;justify-items:end;gap:.5rem;font-family:system-ui,sans-serif';
    var panel = document.createElement('div');
    panel.id = 'demo-support-chat-panel';
    panel.hidden = true;
    panel.setAttribute('role', 'region');
    panel.setAttribute('aria-label', 'Chat with customer service');
    panel.style.cssText = 'width:16rem;padding:1rem;background:#fff;color:#111827;border:1px solid #6b7280;border-radius:8px;box-shadow:0 10px 30px rgb(0 0 0 / 20%)';
    var heading = document.createElement('p');
    heading.style.cssText = 'margin:0 0 .5rem;font-weight:700';
    heading.textContent = 'Customer service';
    var text = document.createElement('p');
    text.style.cssText = 'margin:0';
    text.id = 'demo-support-chat-text';
    text.textContent = describe(settings.language);
    panel.appendChild(heading);
    panel.appendChild(text);
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Chat with us';
    button.setAttribute('aria-expanded', 'false');
    button.setAttribute('aria-controls', panel.id);
    button.style.cssText = 'padding:.75rem 1.25rem;border:0;border-radius:999px;background:#1f2937;color:#fff;font:inherit;font-weight:600;cursor:pointer';
    button.addEventListener('click', function () {
      panel.hidden = !panel.hidden;
      button.setAttribute('aria-expanded', String(!panel.hidden));
    });
    root.appendChild(panel);
    root.appendChild(button);
    document.body.appendChild(root);
  }
  function describe(language) {
    return 'This is a stand-in for the ${provider} chat in the Gridline demo. Language: ' + (language || 'unknown') + '.';
  }
  function remove() {
    var root = document.getElementById('demo-support-chat');
    if (root) root.remove();
  }`;
}

/** Each provider's global API, as much of it as the portal uses. */
const chatScripts: Record<string, string> = {
  intercom: `(function () {
  ${chatWidget('intercom')}
  var queued = (window.Intercom && window.Intercom.q) || [];
  function Intercom(command, options) {
    if (command === 'boot' || command === 'update') draw({ language: (options || window.intercomSettings || {}).language_override });
    else if (command === 'shutdown') remove();
    else if (command === 'show') { draw({}); document.querySelector('#demo-support-chat button').click(); }
  }
  window.Intercom = Intercom;
  if (window.intercomSettings && window.intercomSettings.app_id) Intercom('boot', window.intercomSettings);
  queued.forEach(function (args) { Intercom.apply(null, args); });
})();`,
  zendesk: `(function () {
  ${chatWidget('zendesk')}
  var locale;
  window.zE = function (scope, command, value) {
    if (scope === 'messenger:set' && command === 'locale') { locale = value; var old = document.getElementById('demo-support-chat'); if (old) { old.remove(); draw({ language: locale }); } }
    else if (scope === 'messenger' && command === 'hide') remove();
    else if (scope === 'messenger' && command === 'show') draw({ language: locale });
  };
  draw({ language: locale });
})();`,
  tawk: `(function () {
  ${chatWidget('tawk')}
  var api = window.Tawk_API = window.Tawk_API || {};
  api.hideWidget = remove;
  api.showWidget = function () { draw({}); };
  draw({});
  if (typeof api.onLoad === 'function') api.onLoad();
})();`,
};

export function helpPageRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/demo/accessibility-statement', { schema: { hide: true, querystring: z.object({ org: z.string().max(40).default('') }) } }, async (request, reply) => {
    const org = request.query.org;
    return page(
      reply,
      'Accessibility statement for My pages',
      `<p>This statement covers the customer portal (“My pages”) of <strong>${escape(org || 'the provider')}</strong>.</p>
<h2>How accessible the portal is</h2><p>The portal aims to meet WCAG 2.2 level AA. Every page can be used with the keyboard alone, with a screen reader and at 200&nbsp;% zoom, and is checked with automated tests.</p>
<h2>Known limitations</h2><ul><li>Some invoice documents (PDF) from before 2024 are not tagged for screen readers.</li><li>The chat window of our support provider is not fully translated.</li></ul>
<h2>Tell us about a problem</h2><p>If something does not work for you, contact customer service and we will help you and fix it. You can also contact the national supervisory authority for digital accessibility.</p>`,
    );
  });

  r.get('/demo/outage-map', { schema: { hide: true } }, async (_request, reply) =>
    page(reply, 'Outages right now', '<p>No known outages in your area at the moment. Planned maintenance is listed here a week ahead.</p>'),
  );

  r.get(
    '/demo/support-chat/:provider',
    { schema: { hide: true, params: z.object({ provider: z.enum(['intercom.js', 'zendesk.js', 'tawk.js']) }) } },
    async (request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-store').send(chatScripts[request.params.provider.replace(/\.js$/, '')]),
  );
}

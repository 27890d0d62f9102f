// oidc-provider ships no types: ours come along wherever this file is compiled (the tools project too).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./oidc-provider.d.ts" />
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type OidcContext } from 'oidc-provider';
import { escapeHtml } from '../../lib/html.ts';

/**
 * A local OpenID provider for development and tests, built on oidc-provider: the authorization
 * code flow with PKCE, one confidential client per organisation, and a sign-in page of its own
 * that lists test persons (as an e-ID broker's test mode does). The ID token carries the
 * person's national identity number in the claim `nin`, with the names and the birth date.
 */

export interface TestPerson {
  /** The organisation whose client shows this person. */
  organisation: string;
  nationalIdentityNumber: string;
  givenName: string;
  familyName: string;
  birthdate: string;
  /** Shown beside the name on the sign-in page. */
  note: string;
}

export interface LocalClient {
  organisation: string;
  clientId: string;
  clientSecret: string;
}

export interface LocalOpenIdProvider {
  issuer: string;
  /** The claim that carries the national identity number. */
  personalNumberClaim: string;
  /** One confidential client per organisation (their secrets are new at every start). */
  clients: LocalClient[];
  client(organisation: string): LocalClient | null;
  close(): Promise<void>;
}

export const LOCAL_PERSONAL_NUMBER_CLAIM = 'nin';

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    request.on('error', reject);
  });
}

/** oidc-provider's storage, in memory: this provider's sessions and codes live as long as the process. */
class MemoryAdapter {
  private static readonly stores = new Map<string, Map<string, { payload: Record<string, unknown>; expiresAt: number }>>();
  private readonly store: Map<string, { payload: Record<string, unknown>; expiresAt: number }>;

  constructor(name: string) {
    let store = MemoryAdapter.stores.get(name);
    if (!store) {
      store = new Map();
      MemoryAdapter.stores.set(name, store);
    }
    this.store = store;
  }

  async upsert(id: string, payload: Record<string, unknown>, expiresIn: number): Promise<void> {
    this.store.set(id, { payload, expiresAt: Date.now() + (expiresIn || 3600) * 1000 });
  }

  async find(id: string): Promise<Record<string, unknown> | undefined> {
    const entry = this.store.get(id);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      this.store.delete(id);
      return undefined;
    }
    return entry.payload;
  }

  async findByUid(uid: string): Promise<Record<string, unknown> | undefined> {
    for (const [id, entry] of this.store) if (entry.payload.uid === uid) return this.find(id);
    return undefined;
  }

  async findByUserCode(userCode: string): Promise<Record<string, unknown> | undefined> {
    for (const [id, entry] of this.store) if (entry.payload.userCode === userCode) return this.find(id);
    return undefined;
  }

  async consume(id: string): Promise<void> {
    const entry = this.store.get(id);
    if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
  }

  async destroy(id: string): Promise<void> {
    this.store.delete(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const [id, entry] of this.store) if (entry.payload.grantId === grantId) this.store.delete(id);
  }
}

export async function createLocalOpenIdProvider(options: {
  organisations: string[];
  persons: () => Promise<TestPerson[]> | TestPerson[];
  /** Every address the clients may send the user back to (exact match, as OpenID requires). */
  redirectUris: (organisation: string) => string[];
  port?: number;
  host?: string;
}): Promise<LocalOpenIdProvider> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const clients: LocalClient[] = options.organisations.map((organisation) => ({
    organisation,
    clientId: `gridline-${organisation}`,
    clientSecret: randomBytes(24).toString('base64url'),
  }));

  const personFor = async (accountId: string): Promise<TestPerson> => {
    const known = (await options.persons()).find((p) => p.nationalIdentityNumber === accountId);
    return known ?? { organisation: '', nationalIdentityNumber: accountId, givenName: 'Test', familyName: 'Person', birthdate: '1980-01-01', note: '' };
  };

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: options.redirectUris(c.organisation),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    adapter: MemoryAdapter,
    jwks: { keys: [{ ...generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }), use: 'sig', kid: randomBytes(8).toString('hex') }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], profile: ['name', 'given_name', 'family_name', 'birthdate', LOCAL_PERSONAL_NUMBER_CLAIM] },
    // The ID token carries the claims itself: the portal needs no userinfo call.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => {
      const person = await personFor(id);
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          name: `${person.givenName} ${person.familyName}`,
          given_name: person.givenName,
          family_name: person.familyName,
          birthdate: person.birthdate,
          [LOCAL_PERSONAL_NUMBER_CLAIM]: person.nationalIdentityNumber,
        }),
      };
    },
    // First-party clients: the user's consent is implied, as at an e-ID broker.
    loadExistingGrant: async (ctx: OidcContext) => {
      const { oidc } = ctx;
      const grantId = oidc.result?.consent?.grantId ?? oidc.session.grantIdFor(oidc.client.clientId);
      if (grantId) return oidc.provider.Grant.find(grantId);
      if (!oidc.session.accountId) return undefined;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid profile');
      grant.addOIDCClaims([LOCAL_PERSONAL_NUMBER_CLAIM]);
      await grant.save();
      return grant;
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 300, IdToken: 300 },
  });
  const handleProvider = provider.callback();

  const page = (title: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>` +
    `<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}button{font:inherit;padding:.6rem 1rem;margin:.25rem 0;border:1px solid #1d4ed8;border-radius:.4rem;background:#1d4ed8;color:#fff;cursor:pointer;text-align:left;width:100%}button.secondary{background:#fff;color:#1d4ed8}ul{list-style:none;padding:0}label{display:block;margin-top:1rem}input{font:inherit;padding:.5rem;width:100%;box-sizing:border-box}:focus-visible{outline:3px solid #b45309;outline-offset:2px}</style></head>` +
    `<body><main>${body}</main></body></html>`;

  const interaction = async (request: IncomingMessage, response: ServerResponse, uid: string, action: string | undefined) => {
    const details = await provider.interactionDetails(request, response);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const clientId = String(details.params.client_id ?? '');
    const client = clients.find((c) => c.clientId === clientId);
    if (request.method === 'POST') {
      const form = await readForm(request);
      if (action === 'abort') {
        await provider.interactionFinished(request, response, { error: 'access_denied', error_description: 'The user cancelled the sign-in' }, { mergeWithLastSubmission: false });
        return;
      }
      const accountId = (form.get('nin') ?? '').trim();
      if (!/^[0-9A-Za-z+-]{6,20}$/.test(accountId)) {
        response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
        response.end(page('Not a national identity number', '<h1>Not a national identity number</h1><p><a href="javascript:history.back()">Back</a></p>'));
        return;
      }
      await provider.interactionFinished(request, response, { login: { accountId } }, { mergeWithLastSubmission: false });
      return;
    }
    const persons = (await options.persons()).filter((p) => !client || p.organisation === client.organisation);
    const items = persons
      .map(
        (p) =>
          `<li><form method="post" action="/interaction/${escapeHtml(uid)}/login"><input type="hidden" name="nin" value="${escapeHtml(p.nationalIdentityNumber)}">` +
          `<button type="submit">Sign in as ${escapeHtml(`${p.givenName} ${p.familyName}`)} <small>(${escapeHtml(p.nationalIdentityNumber)}${p.note ? `, ${escapeHtml(p.note)}` : ''})</small></button></form></li>`,
      )
      .join('');
    const body =
      `<h1>Local OpenID provider</h1><p>A test identity provider for ${escapeHtml(client?.organisation ?? clientId)}. Choose who you are.</p>` +
      `<h2>Test persons</h2><ul>${items || '<li>No test persons.</li>'}</ul>` +
      `<h2>Another person</h2><form method="post" action="/interaction/${escapeHtml(uid)}/login"><label for="nin">National identity number</label><input id="nin" name="nin" required autocomplete="off"><button type="submit">Sign in</button></form>` +
      `<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit" class="secondary">Cancel and go back</button></form>`;
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    response.end(page('Sign in – local OpenID provider', body));
  };

  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const match = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec((request.url ?? '').split('?')[0] ?? '');
    if (!match) {
      handleProvider(request, response);
      return;
    }
    interaction(request, response, match[1] as string, match[2]).catch((error: unknown) => {
      if (response.headersSent) return;
      response.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      response.end(page('Sign-in expired', `<h1>This sign-in has expired</h1><p>${escapeHtml(error instanceof Error ? error.message : 'Start again.')}</p>`));
    });
  });

  return {
    issuer,
    personalNumberClaim: LOCAL_PERSONAL_NUMBER_CLAIM,
    clients,
    client: (organisation) => clients.find((c) => c.organisation === organisation) ?? null,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

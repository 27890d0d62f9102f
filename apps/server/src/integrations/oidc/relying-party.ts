import * as oidc from 'openid-client';
import type { OpenIdSettings } from '../sign-in-services.ts';

/**
 * The relying party of the authorization code flow with PKCE (openid-client 6): discovery once
 * per provider and client, an authorization address with state, nonce and the S256 challenge,
 * and the code exchange that checks state, nonce, issuer and the ID token's signature.
 */
export interface Authorization {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export class OpenIdError extends Error {
  readonly reason: 'state' | 'provider' | 'claim';
  constructor(reason: OpenIdError['reason'], message: string) {
    super(message);
    this.name = 'OpenIdError';
    this.reason = reason;
  }
}

export class RelyingParty {
  readonly #configurations = new Map<string, Promise<oidc.Configuration>>();

  #configuration(settings: OpenIdSettings): Promise<oidc.Configuration> {
    const key = `${settings.issuer}|${settings.clientId}|${settings.clientSecret}`;
    let configuration = this.#configurations.get(key);
    if (!configuration) {
      configuration = oidc.discovery(new URL(settings.issuer), settings.clientId, undefined, oidc.ClientSecretBasic(settings.clientSecret), {
        ...(settings.allowHttp ? { execute: [oidc.allowInsecureRequests] } : {}),
        timeout: 10,
      });
      // A failed discovery is tried again next time.
      configuration.catch(() => this.#configurations.delete(key));
      this.#configurations.set(key, configuration);
    }
    return configuration;
  }

  async authorize(settings: OpenIdSettings, redirectUri: string): Promise<Authorization> {
    const configuration = await this.#configuration(settings);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: settings.scope,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    };
    if (settings.acrValues) parameters.acr_values = settings.acrValues;
    return { url: oidc.buildAuthorizationUrl(configuration, parameters).href, state, nonce, codeVerifier };
  }

  /** The ID token's claims, once the provider's answer checks out; the personal number claim must be there. */
  async complete(
    settings: OpenIdSettings,
    answer: { redirectUri: string; code: string; state: string; iss?: string },
    expected: { state: string; nonce: string; codeVerifier: string },
  ): Promise<{ personalNumber: string; claims: Record<string, unknown> }> {
    if (answer.state !== expected.state) throw new OpenIdError('state', 'The state does not match this sign-in');
    const configuration = await this.#configuration(settings);
    const current = new URL(answer.redirectUri);
    current.searchParams.set('code', answer.code);
    current.searchParams.set('state', answer.state);
    if (answer.iss) current.searchParams.set('iss', answer.iss);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, current, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new OpenIdError('provider', error instanceof Error ? error.message : String(error));
    }
    const claims = (tokens.claims() ?? {}) as Record<string, unknown>;
    const personalNumber = claims[settings.personalNumberClaim];
    if (typeof personalNumber !== 'string' || personalNumber.length === 0) {
      throw new OpenIdError('claim', `The ID token has no ${settings.personalNumberClaim} claim`);
    }
    return { personalNumber, claims };
  }
}

import type { AuthCallbackRequest, AuthProcess, LoginRequest } from '@gridline/contracts/auth';
import { parsePersonalNumber } from '@gridline/contracts/identity';
import { OpenIdError, RelyingParty } from '../../../integrations/oidc/relying-party.ts';
import { OPENID_RETURN_PATH, type OpenIdSettings } from '../../../integrations/sign-in-services.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Organisation } from '../../organisations/service.ts';
import { isPortalLoginUrl } from '../portal-origin.ts';
import type { ProcessRow } from '../repository.ts';
import { assertOffered, failProcess, finish, newRef, sha256, stateOf, type MethodKit } from './kit.ts';

export const OPENID_PROCESS_LIFETIME_MS = 10 * 60_000;

interface OpenIdState {
  oidcState: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  url: string;
  disablePolling: boolean;
}

/**
 * OpenID Connect (OPENID, OPENID_WEB_VIEW): the authorization code flow with PKCE against the
 * organisation's provider (an e-ID broker in production, the local provider in development).
 *
 * - `disablePolling: true` (the portal): the provider sends the browser back to the portal's
 *   `/login` (`redirectUri`, which must be one of the organisation's portal addresses); the
 *   portal posts `code` and `state` with the `ref` it kept to `POST /v3/auth/OPENID/callback`.
 * - `disablePolling: false` (a web view in the app, the default for OPENID_WEB_VIEW): the
 *   provider sends the web view to the server's own return address, which finishes the process;
 *   the app polls the ref.
 */
export class OpenIdMethod {
  private readonly kit: MethodKit;
  private readonly relyingParty = new RelyingParty();
  constructor(kit: MethodKit) {
    this.kit = kit;
  }

  static handles(type: string): boolean {
    return type === 'OPENID' || type === 'OPENID_WEB_VIEW';
  }

  private settings(organisation: Organisation): OpenIdSettings {
    const settings = this.kit.services?.openId(organisation.slug, organisation.release.content.featureConfigurations.protected);
    if (!settings) throw new AppError('SIGN_IN_METHOD_DISABLED', { message: 'No OpenID provider is configured for this organisation' });
    return settings;
  }

  async start(organisation: Organisation, body: LoginRequest, context: { address: string }): Promise<AuthProcess> {
    assertOffered(organisation, 'OPENID', 'OPENID_WEB_VIEW');
    const settings = this.settings(organisation);
    const publicUrl = this.kit.services!.publicUrl;
    const disablePolling = body.disablePolling ?? body.type === 'OPENID';
    let redirectUri: string;
    if (disablePolling) {
      if (!body.redirectUri || !isPortalLoginUrl(publicUrl, organisation.slug, body.redirectUri)) throw new AppError('INVALID_REDIRECT_URI');
      redirectUri = body.redirectUri;
    } else {
      redirectUri = `${new URL(publicUrl).origin}${OPENID_RETURN_PATH}`;
    }
    let authorization;
    try {
      authorization = await this.relyingParty.authorize(settings, redirectUri);
    } catch (error) {
      this.kit.log('OpenID discovery failed', error);
      throw new AppError('OPENID_FAILED', { message: 'The identity provider cannot be reached' });
    }
    const ref = newRef();
    const type = body.type === 'OPENID_WEB_VIEW' ? 'OPENID_WEB_VIEW' : 'OPENID';
    const state: OpenIdState = {
      oidcState: authorization.state,
      nonce: authorization.nonce,
      codeVerifier: authorization.codeVerifier,
      redirectUri,
      url: authorization.url,
      disablePolling,
    };
    await this.kit.repository.createProcess({
      ref,
      organisationId: organisation.id,
      type,
      status: 'process',
      userId: null,
      expiresAt: new Date(this.kit.now() + OPENID_PROCESS_LIFETIME_MS),
      // The state finds the process when the provider sends a web view back to the server.
      secretHash: sha256(`oidc:${authorization.state}`),
      state: { ...state },
      clientAddress: context.address,
    });
    return { ref, status: 'process', type, url: authorization.url };
  }

  /**
   * The provider's answer. A state that is not this process's changes nothing (OPENID_STATE_MISMATCH);
   * an error from the provider, or an answer that does not check out, ends the process (OPENID_FAILED).
   */
  async callback(organisation: Organisation, process: ProcessRow, body: AuthCallbackRequest): Promise<AuthProcess> {
    const state = stateOf<OpenIdState>(process);
    if (process.status === 'done') return { ref: process.ref, status: 'done', type: process.type as AuthProcess['type'] };
    if (process.status !== 'process') throw new AppError('OPENID_FAILED', { message: `The sign-in is ${process.status}` });
    if (process.expires_at.getTime() <= this.kit.now()) throw new AppError('AUTH_REF_NOT_FOUND');
    if (body.state !== state.oidcState) throw new AppError('OPENID_STATE_MISMATCH');
    if (body.error) {
      await failProcess(this.kit, process, 'aborted', 'OPENID_FAILED', `The provider answered ${body.error}`);
      throw new AppError('OPENID_FAILED', { message: `The identity provider answered ${body.error}` });
    }
    if (!body.code) throw new AppError('OPENID_FAILED', { message: 'The answer has no code' });
    let result;
    try {
      result = await this.relyingParty.complete(
        this.settings(organisation),
        { redirectUri: state.redirectUri, code: body.code, state: body.state, ...(body.iss ? { iss: body.iss } : {}) },
        { state: state.oidcState, nonce: state.nonce, codeVerifier: state.codeVerifier },
      );
    } catch (error) {
      if (error instanceof OpenIdError && error.reason === 'state') throw new AppError('OPENID_STATE_MISMATCH');
      this.kit.log('OpenID code exchange failed', error);
      await failProcess(this.kit, process, 'error', 'OPENID_FAILED', error instanceof Error ? error.message.slice(0, 200) : 'failed');
      throw new AppError('OPENID_FAILED');
    }
    const parsed = parsePersonalNumber(organisation.country, result.personalNumber, new Date(this.kit.now()).toISOString().slice(0, 10));
    await this.kit.audit.record({
      organisationId: organisation.id,
      actorType: 'user',
      actorId: null,
      action: 'signin.openid',
      subjectType: 'auth_process',
      subjectId: process.ref,
      data: { issuer: this.settings(organisation).issuer, sub: result.claims.sub ?? null, acr: result.claims.acr ?? null },
      address: process.client_address,
    });
    await finish(this.kit, organisation, process, { kind: 'personalNumber', value: parsed.ok ? parsed.value : result.personalNumber });
    const after = await this.kit.repository.findProcess(organisation.id, process.ref);
    return { ref: process.ref, status: (after?.status ?? 'error') as AuthProcess['status'], type: process.type as AuthProcess['type'], ...(after?.error ? { error: after.error } : {}) };
  }

  view(process: ProcessRow): Partial<AuthProcess> {
    const state = stateOf<Partial<OpenIdState>>(process);
    return process.status === 'process' && state.url ? { url: state.url } : {};
  }
}

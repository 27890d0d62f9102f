import { randomBytes } from 'node:crypto';
import type { AuthProcess, LoginRequest } from '@gridline/contracts/auth';
import { fillSignInText, signInMessageTexts } from '@gridline/copy/documents/sign-in-messages';
import { AppError } from '../../../lib/errors.ts';
import type { Organisation } from '../../organisations/service.ts';
import { identityKey, maskEmail, parseIdentityKey, type ResolvedIdentity } from '../identities.ts';
import { LOGIN_PATH, trustedPortalOrigin } from '../portal-origin.ts';
import type { ProcessRow } from '../repository.ts';
import { assertOffered, countSend, finish, identityFromLogin, newRef, resolveTyped, sha256, stateOf, type MethodKit, type RequestContext } from './kit.ts';
import { languageOf } from './pin.ts';

/** A sign-in link lives 15 minutes and works once (issue 5). */
export const LINK_LIFETIME_MS = 15 * 60_000;

interface LinkState {
  sentTo: string;
  resolved: ResolvedIdentity;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Sign-in by e-mail link (EMAIL_LINK), for a private customer (personal number or customer
 * number) or a company (organisation number or customer number). The e-mail's link carries its
 * own secret `ref`, which is not the process's: the browser that asked for the link cannot
 * finish the sign-in, only whoever opens the link can — once, within 15 minutes. The portal reads
 * that `ref` from the address and authorises with it as with any ref.
 */
export class EmailLinkMethod {
  private readonly kit: MethodKit;
  constructor(kit: MethodKit) {
    this.kit = kit;
  }

  async start(organisation: Organisation, body: LoginRequest, context: RequestContext): Promise<AuthProcess> {
    assertOffered(organisation, 'EMAIL_LINK');
    const mailer = this.kit.services?.mailer;
    if (!mailer || !this.kit.services) throw new AppError('SIGN_IN_METHOD_DISABLED', { message: 'No mail server is configured' });
    const identity = identityFromLogin(organisation, body, new Date(this.kit.now()).toISOString().slice(0, 10));
    const resolved = await resolveTyped(this.kit, organisation, identity, context.address);
    if (!resolved.email) throw new AppError('MISSING_EMAIL');
    await countSend(this.kit, organisation, identity);

    const ref = newRef();
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(this.kit.now() + LINK_LIFETIME_MS);
    const state: LinkState = { sentTo: maskEmail(resolved.email), resolved };
    await this.kit.repository.createProcess({
      ref,
      organisationId: organisation.id,
      type: 'EMAIL_LINK',
      status: 'process',
      userId: null,
      expiresAt,
      identity: identityKey(identity),
      secretHash: sha256(token),
      state: { ...state },
      clientAddress: context.address,
    });
    const origin = trustedPortalOrigin(this.kit.services.publicUrl, organisation.slug, context.origin);
    const link = `${origin}${LOGIN_PATH}?ref=${encodeURIComponent(token)}`;
    const texts = signInMessageTexts[languageOf(resolved.language, organisation)];
    const values = { organisation: organisation.name, name: resolved.firstName || '', minutes: LINK_LIFETIME_MS / 60_000, link };
    const fill = (template: string) => fillSignInText(template, values);
    const text = [fill(texts.linkGreeting), '', fill(texts.linkIntro), '', link, '', fill(texts.linkValidity), fill(texts.linkIgnore)].join('\n');
    const html =
      `<p>${escapeHtml(fill(texts.linkGreeting))}</p><p>${escapeHtml(fill(texts.linkIntro))}</p>` +
      `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b5d4b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(texts.linkButton)}</a></p>` +
      `<p>${escapeHtml(link)}</p><p>${escapeHtml(fill(texts.linkValidity))}<br>${escapeHtml(fill(texts.linkIgnore))}</p>`;
    try {
      await mailer.send({ to: resolved.email, subject: fill(texts.linkSubject), text, html });
    } catch (error) {
      this.kit.log('the sign-in link could not be sent', error);
      await this.kit.repository.updateProcess(ref, { status: 'error', error: 'MESSAGE_NOT_SENT', errorMessage: 'The e-mail could not be sent' }, 'process');
      throw new AppError('MESSAGE_NOT_SENT');
    }
    return { ref, status: 'process', type: 'EMAIL_LINK', sentTo: state.sentTo, expiresAt: expiresAt.toISOString() };
  }

  /**
   * The link was opened: within 15 minutes and never exchanged, the process is done for its
   * customer. Expired → EMAIL_LINK_EXPIRED; already exchanged → AUTH_REF_USED.
   */
  async redeem(organisation: Organisation, process: ProcessRow): Promise<void> {
    if (process.exchanged_at) throw new AppError('AUTH_REF_USED');
    if (process.expires_at.getTime() <= this.kit.now()) throw new AppError('EMAIL_LINK_EXPIRED');
    if (process.status !== 'process') return;
    const identity = parseIdentityKey(process.identity);
    if (!identity) throw new AppError('AUTH_REF_NOT_FOUND');
    await finish(this.kit, organisation, process, identity, stateOf<LinkState>(process).resolved);
  }

  view(process: ProcessRow): Partial<AuthProcess> {
    const state = stateOf<Partial<LinkState>>(process);
    return { ...(state.sentTo ? { sentTo: state.sentTo } : {}), expiresAt: process.expires_at.toISOString() };
  }
}

import { randomBytes } from 'node:crypto';
import type { AuthProcess, LoginRequest } from '@gridline/contracts/auth';
import { fillSignInText, signInMessageTexts } from '@gridline/copy/documents/sign-in-messages';
import { formatNamePart } from '@gridline/locale/names';
import { AppError } from '../../../lib/errors.ts';
import type { Organisation } from '../../organisations/service.ts';
import { maskEmail, parseIdentityKey, type ResolvedIdentity } from '../identities.ts';
import { LOGIN_PATH, trustedPortalOrigin } from '../portal-origin.ts';
import type { ProcessRow } from '../repository.ts';
import { assertOffered, finish, sha256, startMessageSignIn, stateOf, type MethodKit, type RequestContext } from './kit.ts';
import { languageOf } from './pin.ts';
import { escapeHtml } from '../../../lib/html.ts';

/** A sign-in link lives 15 minutes and works once (issue 5). */
export const LINK_LIFETIME_MS = 15 * 60_000;

interface LinkState {
  sentTo: string;
  resolved: ResolvedIdentity;
}

/** The sign-in link's e-mail, in the customer's language: subject, text and HTML. */
function linkMessage(resolved: ResolvedIdentity, organisation: Organisation, link: string) {
  const texts = signInMessageTexts[languageOf(resolved.language, organisation)];
  const values = { organisation: organisation.name, name: formatNamePart(resolved.firstName), minutes: LINK_LIFETIME_MS / 60_000, link };
  const fill = (template: string) => fillSignInText(template, values);
  const text = [fill(texts.linkGreeting), '', fill(texts.linkIntro), '', link, '', fill(texts.linkValidity), fill(texts.linkIgnore)].join('\n');
  const html =
    `<p>${escapeHtml(fill(texts.linkGreeting))}</p><p>${escapeHtml(fill(texts.linkIntro))}</p>` +
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b5d4b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(texts.linkButton)}</a></p>` +
    `<p>${escapeHtml(link)}</p><p>${escapeHtml(fill(texts.linkValidity))}<br>${escapeHtml(fill(texts.linkIgnore))}</p>`;
  return { subject: fill(texts.linkSubject), text, html };
}

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
    const origin = trustedPortalOrigin(this.kit.services.publicUrl, organisation.slug, context.origin);
    const token = randomBytes(32).toString('base64url');
    const { ref, state, expiresAt } = await startMessageSignIn<LinkState>(this.kit, organisation, body, context, {
      type: 'EMAIL_LINK',
      lifetimeMs: LINK_LIFETIME_MS,
      address: (resolved) => resolved.email,
      missingAddress: 'MISSING_EMAIL',
      channel: 'e-mail',
      prepare: (_ref, resolved, email) => ({
        state: { sentTo: maskEmail(email), resolved },
        secretHash: sha256(token),
        send: () => mailer.send({ to: email, ...linkMessage(resolved, organisation, `${origin}${LOGIN_PATH}?ref=${encodeURIComponent(token)}`) }),
      }),
    });
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

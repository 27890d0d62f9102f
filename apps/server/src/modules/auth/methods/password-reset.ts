import { randomBytes } from 'node:crypto';
import { EMAIL_PATTERN } from '@gridline/contracts/contact';
import { fillSignInText, signInMessageTexts } from '@gridline/copy/documents/sign-in-messages';
import { formatNamePart } from '@gridline/locale/names';
import { AppError } from '../../../lib/errors.ts';
import type { Organisation } from '../../organisations/service.ts';
import { maskEmail } from '../identities.ts';
import { portalOrigins, trustedPortalOrigin } from '../portal-origin.ts';
import { assertOffered, newRef, sha256, type MethodKit, type RequestContext } from './kit.ts';
import { languageOf } from './pin.ts';
import { escapeHtml } from '../../../lib/html.ts';

/** A reset link lives an hour and works once (as the staff's, decision 0035). */
export const RESET_LINK_LIFETIME_MS = 60 * 60_000;

/** The portal's page that takes the link's `ref` and asks for the new password. */
export const RESET_PASSWORD_PATH = '/reset-password';

/**
 * "Forgot password" for customers who sign in with a username and password (`PUT
 * /users/resetPassword`, decision 0043). The e-mail's link is an e-mail sign-in that is already
 * done for the user: the portal's reset page exchanges its `ref` once, within the hour, for a
 * fresh session, and sets the new password with `PUT /users/{id}` and that bearer (spec 001 §7:
 * "newPassword with bearer header"); a fresh sign-in needs no current password, and a new
 * password ends every other session. The answer is the same whether or not the e-mail belongs to
 * anyone, so it tells nobody who is a customer.
 */
export class PasswordResetMethod {
  private readonly kit: MethodKit;
  constructor(kit: MethodKit) {
    this.kit = kit;
  }

  async request(organisation: Organisation, body: { email: string; callbackUrl?: string | undefined }, context: RequestContext): Promise<void> {
    assertOffered(organisation, 'USR_PWD');
    const services = this.kit.services;
    const mailer = services?.mailer;
    if (!services || !mailer) throw new AppError('SIGN_IN_METHOD_DISABLED', { message: 'No mail server is configured' });
    // The callback and the address are checked first, for everyone: the answer must not tell who is a customer.
    const page = resetPage(services.publicUrl, organisation.slug, body.callbackUrl, context.origin);
    const email = body.email.trim().toLowerCase();
    // The pattern only: addresses on file may be longer than a new one may be (EMAIL_MAX_LENGTH).
    if (!EMAIL_PATTERN.test(email)) throw new AppError('MALFORMED_EMAIL');
    if (await this.kit.addressLimiter.isBlocked(context.address)) throw new AppError('TOO_MANY_ATTEMPTS');
    if (!(await this.kit.sendLimiter.take(`${organisation.id}:reset:${email}`))) throw new AppError('TOO_MANY_ATTEMPTS');
    const users = await this.kit.repository.findPasswordUsersByEmail(organisation.id, email);
    for (const user of users) {
      const token = randomBytes(32).toString('base64url');
      await this.kit.repository.createProcess({
        ref: newRef(),
        organisationId: organisation.id,
        type: 'EMAIL_LINK',
        status: 'done',
        userId: user.id,
        secretHash: sha256(token),
        expiresAt: new Date(this.kit.now() + RESET_LINK_LIFETIME_MS),
        clientAddress: context.address,
        state: { sentTo: maskEmail(email), purpose: 'password-reset' },
      });
      const link = `${page}?ref=${encodeURIComponent(token)}`;
      try {
        await mailer.send({ to: email, ...resetMessage(organisation, { firstName: user.first_name, language: user.language, username: user.username }, link) });
      } catch (error) {
        this.kit.log('password reset e-mail not sent', error);
        throw new AppError('MESSAGE_NOT_SENT');
      }
    }
  }
}

/** The reset page: the portal's own on the address the request came from, or a `callbackUrl` that is a page of this organisation's portal. */
function resetPage(publicUrl: string, slug: string, callbackUrl: string | undefined, requestOrigin: string | undefined): string {
  if (callbackUrl === undefined || callbackUrl === '') return `${trustedPortalOrigin(publicUrl, slug, requestOrigin)}${RESET_PASSWORD_PATH}`;
  let url: URL;
  try {
    url = new URL(callbackUrl);
  } catch {
    throw new AppError('INVALID_REDIRECT_URI');
  }
  const backOffice = url.pathname === '/admin' || url.pathname.startsWith('/admin/');
  if (!portalOrigins(publicUrl, slug).includes(url.origin) || backOffice || url.search !== '' || url.hash !== '') throw new AppError('INVALID_REDIRECT_URI');
  return `${url.origin}${url.pathname}`;
}

function resetMessage(organisation: Organisation, user: { firstName: string | null; language: string | null; username: string | null }, link: string) {
  const texts = signInMessageTexts[languageOf(user.language, organisation)];
  const values = { organisation: organisation.name, name: formatNamePart(user.firstName), minutes: RESET_LINK_LIFETIME_MS / 60_000, link, username: user.username ?? '' };
  const fill = (template: string) => fillSignInText(template, values);
  const lines = [fill(texts.linkGreeting), '', fill(texts.resetIntro), user.username ? fill(texts.resetUsername) : null, '', link, '', fill(texts.linkValidity), fill(texts.resetIgnore)];
  const text = lines.filter((line) => line !== null).join('\n');
  const html =
    `<p>${escapeHtml(fill(texts.linkGreeting))}</p><p>${escapeHtml(fill(texts.resetIntro))}</p>` +
    (user.username ? `<p>${escapeHtml(fill(texts.resetUsername))}</p>` : '') +
    `<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:#0b5d4b;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(texts.resetButton)}</a></p>` +
    `<p>${escapeHtml(link)}</p><p>${escapeHtml(fill(texts.linkValidity))}<br>${escapeHtml(fill(texts.resetIgnore))}</p>`;
  return { subject: fill(texts.resetSubject), text, html };
}

import { emailLinkTargetNames, emailLinkTargets, TEST_EMAIL_LIMIT, type DeepLinks, type EmailLinkTarget, type TestEmailSent } from '@gridline/contracts/bridge';
import { fillAdminText } from '@gridline/copy/documents/admin-messages';
import { testEmailTexts } from '@gridline/copy/documents/test-email';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { portalOrigins } from '../auth/portal-origin.ts';
import type { StaffClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pathsOfTargets = new Map<string, EmailLinkTarget>(emailLinkTargetNames.map((target) => [emailLinkTargets[target], target]));

/**
 * The page a link target names on the organisation's portal (decision 0050): a link target's name
 * (`INVOICE`), or one of those pages as a path (`/invoices`) or a whole address on one of the
 * organisation's portal origins (decision 0004). Anything else — another host, another page, a
 * query or a fragment — is `LINK_TARGET_NOT_ALLOWED`. Links are built on the configured public
 * address, never on a request's headers (decision 0021).
 */
export function resolveLinkTarget(publicUrl: string, slug: string, linkTarget: string): { target: EmailLinkTarget; url: string } {
  const origins = portalOrigins(publicUrl, slug);
  const own = origins[1] as string;
  if (Object.hasOwn(emailLinkTargets, linkTarget)) {
    const target = linkTarget as EmailLinkTarget;
    return { target, url: `${own}${emailLinkTargets[target]}` };
  }
  const refused = () => new AppError('LINK_TARGET_NOT_ALLOWED', { data: { issues: [{ path: 'body.linkTarget', message: 'LINK_TARGET_NOT_ALLOWED' }] } });
  let url: URL;
  try {
    // A path is read on the organisation's own origin; a whole address keeps its own (and must be one of the organisation's).
    url = linkTarget.startsWith('/') && !linkTarget.startsWith('//') ? new URL(linkTarget, own) : new URL(linkTarget);
  } catch {
    throw refused();
  }
  const target = pathsOfTargets.get(url.pathname);
  if (!origins.includes(url.origin) || !target || url.search !== '' || url.hash !== '' || url.username !== '' || url.password !== '') throw refused();
  return { target, url: `${url.origin}${url.pathname}` };
}

/**
 * The test e-mail and the deep links of an organisation's e-mails (spec 001 §7 `POST
 * /email/send/test`, `GET /email/deeplink`; decision 0050). The e-mail goes through the mail
 * integration (nodemailer: the provider's SMTP server, or the local one under the simulators),
 * at most `TEST_EMAIL_LIMIT` per staff member in 15 minutes, each an audit entry.
 */
export class EmailService {
  private readonly d: { mailer: () => Mailer | null; publicUrl: string; limiter: AttemptLimiter; audit: AuditService };
  constructor(deps: EmailService['d']) {
    this.d = deps;
  }

  deepLinks(organisation: Organisation): DeepLinks {
    const base = portalOrigins(this.d.publicUrl, organisation.slug)[1] as string;
    return { base: `${base}/`, targets: emailLinkTargetNames.map((target) => ({ target, path: emailLinkTargets[target], url: `${base}${emailLinkTargets[target]}` })) };
  }

  async sendTest(staff: StaffClaims, context: StaffAuditContext, organisation: Organisation, body: { emailAddress: string; linkTarget: string }): Promise<TestEmailSent> {
    const { target, url } = resolveLinkTarget(this.d.publicUrl, organisation.slug, body.linkTarget);
    const mailer = this.d.mailer();
    if (!mailer) throw new AppError('MESSAGE_NOT_SENT', { message: 'No mail server is configured' });
    if (!(await this.d.limiter.take(`test-email:${staff.adminId}`))) throw new AppError('TOO_MANY_REQUESTS', { message: `At most ${TEST_EMAIL_LIMIT} test e-mails in 15 minutes`, data: { limit: TEST_EMAIL_LIMIT } });
    const texts = testEmailTexts[organisation.defaultLanguage];
    const fill = (template: string) => fillAdminText(template, { organisation: organisation.name, sender: staff.email });
    const text = [fill(texts.intro), '', url, '', fill(texts.sentBy)].join('\n');
    const html =
      `<p>${escapeHtml(fill(texts.intro))}</p>` +
      `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:12px 20px;background:#1c4e80;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(texts.button)}</a></p>` +
      `<p>${escapeHtml(url)}</p><p>${escapeHtml(fill(texts.sentBy))}</p>`;
    let messageId: string;
    try {
      ({ messageId } = await mailer.send({ to: body.emailAddress, subject: fill(texts.subject), text, html }));
    } catch {
      throw new AppError('MESSAGE_NOT_SENT');
    }
    await this.d.audit.recordStaff(context, { organisationId: organisation.id, action: 'email.test', subjectType: 'email', subjectId: null, data: { emailAddress: body.emailAddress, linkTarget: target, link: url } });
    return { emailAddress: body.emailAddress, linkTarget: target, link: url, messageId };
  }
}

import { contactProblem, isContactEditable, normalisePhoneNumber, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@gridline/contracts/contact';
import type { Language } from '@gridline/contracts/enums';
import type { DeletionRequest, UpdateUserRequest, User } from '@gridline/contracts/users';
import { accountMessageTexts, fillAccountText } from '@gridline/copy/documents/account-messages';
import { formatDate } from '@gridline/locale/dates';
import { formatNamePart, formatPersonName } from '@gridline/locale/names';
import type { Mailer } from '../../integrations/mail/mailer.ts';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import type { AuditService, UserAuditContext } from '../audit/service.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { AuthService } from '../auth/service.ts';
import type { TokenClaims } from '../auth/tokens.ts';
import type { AccountsService } from '../accounts/service.ts';
import type { LocationsService } from '../locations/service.ts';
import type { Organisation } from '../organisations/service.ts';
import type { ReadCache } from '../../lib/read-cache.ts';
import type { UsersRepository } from './repository.ts';

export class UsersService {
  private readonly d: {
    repository: UsersRepository;
    accounts: AccountsService;
    locations: LocationsService;
    auth: Pick<AuthService, 'confirmPresence' | 'endOtherSessions'>;
    reads: ReadCache;
    audit: AuditService;
    /** The mail server, when one is configured (the deletion request's confirmation). */
    mailer: () => Mailer | null;
    log: (message: string, error?: unknown) => void;
  };
  constructor(deps: UsersService['d']) {
    this.d = deps;
  }

  /** The signed-in user with accounts (OWNER first) and the locations they may see. */
  async get(organisation: Organisation, userId: string): Promise<User> {
    // On every page load: kept until the user or one of their accounts changes (decision 0033).
    return this.d.reads.get(`me ${organisation.id} ${organisation.timeZone} ${userId}`, async () => {
      const user = await this.read(organisation, userId);
      return { value: user, tags: [`u:${userId}`, `o:${organisation.id}`, ...user.accounts.map((a) => `a:${a.accountId}`)] };
    });
  }

  /** The user after a change of theirs: kept reads are dropped first, so the answer shows it. */
  private changed(organisation: Organisation, userId: string): Promise<User> {
    this.d.reads.invalidate([`u:${userId}`]);
    return this.get(organisation, userId);
  }

  private async read(organisation: Organisation, userId: string): Promise<User> {
    // One statement: the user, the accounts and the locations.
    const row = await this.d.repository.me(organisation.id, userId);
    if (!row) throw new AppError('MISSING_USER_ID');
    const memberships = row.memberships;
    const locations = this.d.locations.fromRows(organisation, row.locations);
    return {
      _id: row.id,
      organisation: organisation.slug,
      username: row.username,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      // The name to show (firstName and lastName stay as registered): 'anna-karin' → 'Anna-Karin'.
      fullName: formatPersonName({ firstName: row.first_name, lastName: row.last_name }),
      phoneNumber: row.phone_number,
      language: row.language as User['language'],
      customerNumber: memberships[0]?.provider_customer_id ?? row.customer_number,
      accountOwner: memberships.some((m) => m.account_owner_id === row.id),
      activeAccountId: row.active_account_id,
      accounts: memberships.map((m) => ({
        _id: m.membership_id,
        accountId: m.account_id,
        role: m.role as User['accounts'][number]['role'],
        account: {
          _id: m.account_id,
          accountId: m.account_id,
          type: m.type as User['accounts'][number]['account']['type'],
          provider: { customerId: m.provider_customer_id },
          accountOwner: m.account_owner_id,
        },
      })),
      locations,
      createdAt: row.created_at.toISOString(),
      lastSeen: row.last_seen ? row.last_seen.toISOString() : null,
      deletionRequestedAt: row.deletion_requested_at ? new Date(row.deletion_requested_at).toISOString() : null,
    };
  }

  /** The language the user's documents are written in: theirs when the organisation offers it, else the organisation's default. */
  async documentLanguage(organisation: Organisation, userId: string): Promise<Language> {
    const row = await this.d.repository.find(organisation.id, userId);
    return organisation.languages.find((l) => l === row?.language) ?? organisation.defaultLanguage;
  }

  async setActiveAccount(organisation: Organisation, userId: string, accountId: string): Promise<User> {
    await this.d.accounts.assertMember(organisation.id, userId, accountId);
    await this.d.repository.setActiveAccount(organisation.id, userId, accountId);
    return this.changed(organisation, userId);
  }

  /**
   * The user's interface language (spec 000 §5), one the organisation offers; any other is
   * `400 LANGUAGE_NOT_OFFERED` and changes nothing.
   */
  async setLanguage(organisation: Organisation, userId: string, language: Language): Promise<User> {
    if (!organisation.languages.includes(language)) {
      throw new AppError('LANGUAGE_NOT_OFFERED', { data: { language, languages: organisation.languages } });
    }
    const result = await this.d.repository.setLanguage(organisation.id, userId, language);
    if (result.numUpdatedRows === 0n) throw new AppError('MISSING_USER_ID');
    return this.changed(organisation, userId);
  }

  /**
   * `PUT /users/{id}` for the signed-in user only (any other id, of this organisation or another,
   * is 404): the e-mail and/or phone number (spec 000 §4.6), each only where the organisation
   * lets customers change it (else 403 CONTACT_NOT_EDITABLE) and valid by the rules of
   * `contact.ts` (else 400 MALFORMED_EMAIL / MALFORMED_PHONE_NUMBER); the phone number is stored
   * normalised. Or a new password on its own (400 MALFORMED_PASSWORD outside 3–128 characters).
   * Every check comes before the one write, so a refused request changes nothing.
   *
   * Each of these is a way to sign in, so an access token alone does not change them (decision
   * 0022): the person signed in within the last minutes or gives `currentPassword` (403
   * REAUTHENTICATION_REQUIRED / CURRENT_PASSWORD_WRONG). A new password ends every other session.
   */
  async update(organisation: Organisation, auth: TokenClaims, targetId: string, body: UpdateUserRequest): Promise<User> {
    const userId = auth.userId;
    if (targetId !== userId) throw new AppError('NOT_FOUND');
    if (body.newPassword !== undefined) {
      const length = body.newPassword.length;
      if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) {
        throw new AppError('MALFORMED_PASSWORD', { data: { field: 'newPassword', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH } });
      }
      await this.d.auth.confirmPresence(organisation, auth, body.currentPassword);
      const result = await this.d.repository.setPasswordHash(organisation.id, userId, await hashPassword(body.newPassword));
      if (result.numUpdatedRows === 0n) throw new AppError('MISSING_USER_ID');
      await this.d.auth.endOtherSessions(organisation, userId, auth.familyId);
      return this.changed(organisation, userId);
    }
    const changes: { email?: string; phone_number?: string } = {};
    for (const field of ['email', 'phoneNumber'] as const) {
      const value = body[field];
      if (value === undefined) continue;
      if (!isContactEditable(organisation.flags, field)) throw new AppError('CONTACT_NOT_EDITABLE', { data: { field } });
      const problem = contactProblem(field, value);
      if (problem) throw new AppError(problem, { data: { field, value } });
      if (field === 'email') changes.email = value;
      else changes.phone_number = normalisePhoneNumber(value);
    }
    await this.d.auth.confirmPresence(organisation, auth, body.currentPassword);
    const result = await this.d.repository.updateContact(organisation.id, userId, changes);
    if (result.numUpdatedRows === 0n) throw new AppError('MISSING_USER_ID');
    return this.changed(organisation, userId);
  }

  /**
   * `GET /users/requestDelete` (decision 0042): the signed-in customer asks to be deleted. Kept
   * once: asking again answers the first date and changes nothing. The first time it is audited as
   * the customer's `user.deletion.request` and confirmed by e-mail in their language; a request
   * stands without the e-mail (no address, no mail server, a failed send: logged). The contract
   * says it `writes`, so a support session (read-only) is refused before it gets here.
   */
  async requestDeletion(organisation: Organisation, auth: TokenClaims, context: UserAuditContext): Promise<DeletionRequest> {
    const request = await this.d.repository.requestDeletion(organisation.id, auth.userId);
    if (!request) throw new AppError('MISSING_USER_ID');
    const requestedAt = request.requestedAt.toISOString();
    if (request.recorded) {
      this.d.reads.invalidate([`u:${auth.userId}`]);
      await this.d.audit.record({ ...context, organisationId: organisation.id, action: 'user.deletion.request', subjectType: 'user', subjectId: auth.userId, before: { deletionRequestedAt: null }, after: { deletionRequestedAt: requestedAt } });
      if (request.email) await this.confirmDeletionRequest(organisation, auth.userId, { email: request.email, firstName: request.firstName, requestedAt });
    }
    return { requestedAt };
  }

  /** The confirmation e-mail of a deletion request; a failure is logged, never the request's. */
  private async confirmDeletionRequest(organisation: Organisation, userId: string, to: { email: string; firstName: string; requestedAt: string }): Promise<void> {
    const mailer = this.d.mailer();
    if (!mailer) {
      this.d.log('No mail server is configured: the deletion request is recorded without its confirmation e-mail');
      return;
    }
    const language = await this.documentLanguage(organisation, userId);
    const texts = accountMessageTexts[language];
    const values = { organisation: organisation.name, name: formatNamePart(to.firstName), date: formatDate(to.requestedAt, language, organisation.timeZone) };
    const paragraphs = [texts.deletionReceived, texts.deletionNext, texts.deletionKept, texts.deletionNotYou].map((t) => fillAccountText(t, values));
    const greeting = fillAccountText(texts.greeting, values);
    try {
      await mailer.send({
        to: to.email,
        subject: fillAccountText(texts.deletionSubject, values),
        text: [greeting, '', ...paragraphs.flatMap((p) => [p, ''])].join('\n').trimEnd(),
        html: [greeting, ...paragraphs].map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
      });
    } catch (error) {
      this.d.log('The confirmation e-mail of a deletion request could not be sent', error);
    }
  }
}

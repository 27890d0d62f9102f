import type { Feedback, StaffFeedback, StaffSupportMessage, SupportConversation, SupportConversationDetail, SupportMessage } from '@gridline/contracts/support';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import type { AccessService } from '../access/service.ts';
import type { AuditService, StaffAuditContext } from '../audit/service.ts';
import { csvField } from '../audit/log.ts';
import type { StaffClaims, TokenClaims } from '../auth/tokens.ts';
import type { Organisation } from '../organisations/service.ts';
import type { ConversationRow, CustomerRow, FeedbackRow, FeedbackWithUser, SupportMessageRow, SupportRepository } from './repository.ts';

type OrganisationRef = Pick<Organisation, 'id' | 'slug'>;
type Paged<T> = { data: T[]; pagination: { limit: number; page: number; total: number } };

/** The most entries one feedback export holds. */
export const FEEDBACK_EXPORT_MAX = 50_000;

const FEEDBACK_CSV_COLUMNS = ['date', 'text', 'handled', 'note', 'name', 'email', 'updatedBy', 'updatedAt'] as const;

/**
 * Support messages and feedback (spec 001 §3, §7; spec 002 §7; issue 17, decision 0047). A
 * customer writes to customer service and reads the answers; staff of the organisation (the
 * contracts' scopes) list the conversations, read and answer them, and keep the feedback. A
 * customer reaches only their own messages and feedback; staff only their organisation's (a
 * customer or an entry of another is 404). A support session (INSPECTOR) reads and changes
 * nothing, not even a read marker. Every staff change is an audit entry.
 */
export class SupportService {
  private readonly repository: SupportRepository;
  private readonly access: AccessService;
  private readonly audit: AuditService;

  constructor(repository: SupportRepository, deps: { access: AccessService; audit: AuditService }) {
    this.repository = repository;
    this.access = deps.access;
    this.audit = deps.audit;
  }

  /* The customer. */

  async messages(organisation: OrganisationRef, auth: TokenClaims, markAsRead: boolean): Promise<SupportMessage[]> {
    // A support session (INSPECTOR) never gets here with markAsRead: the contract says it writes.
    if (markAsRead) await this.repository.markRead(organisation.id, auth.userId, 'support');
    return (await this.repository.messages(organisation.id, auth.userId)).map(toMessage);
  }

  async send(organisation: OrganisationRef, auth: TokenClaims, text: string): Promise<SupportMessage> {
    const row = await this.repository.insertMessage({
      id: newId(),
      organisation_id: organisation.id,
      user_id: auth.userId,
      direction: 'customer',
      author_admin_id: null,
      author_email: null,
      text,
    });
    return toMessage(row);
  }

  async feedback(organisation: OrganisationRef, auth: TokenClaims): Promise<Feedback[]> {
    return (await this.repository.feedbackOf(organisation.id, auth.userId)).map(toFeedback);
  }

  async leaveFeedback(organisation: OrganisationRef, auth: TokenClaims, text: string): Promise<Feedback> {
    return toFeedback(await this.repository.insertFeedback({ id: newId(), organisation_id: organisation.id, user_id: auth.userId, text }));
  }

  /* Staff: conversations. */

  /** For the back office's home page: how many conversations wait for an answer. */
  unanswered(organisationId: string): Promise<number> {
    return this.repository.unansweredCount(organisationId);
  }

  async conversations(
    staff: StaffClaims,
    query: { organisation?: string | undefined; status: 'all' | 'unanswered'; limit: number; page: number },
  ): Promise<Paged<SupportConversation>> {
    const organisation = await this.access.staffOrganisation(staff, query.organisation, { required: true });
    const { rows, total } = await this.repository.conversations(organisation.id, query.status === 'unanswered', query.limit, query.page);
    return { data: rows.map(toConversation), pagination: { limit: query.limit, page: query.page, total } };
  }

  async conversation(
    staff: StaffClaims,
    context: StaffAuditContext,
    slug: string | undefined,
    userId: string,
    markAsRead: boolean,
  ): Promise<SupportConversationDetail> {
    const organisation = await this.access.staffOrganisation(staff, slug, { required: true });
    const customer = await this.customer(organisation, userId);
    if (markAsRead) {
      const marked = await this.repository.markRead(organisation.id, userId, 'customer');
      if (marked > 0) {
        await this.audit.recordStaff(context, {
          organisationId: organisation.id,
          action: 'support.read',
          subjectType: 'user',
          subjectId: userId,
          data: { messages: marked },
        });
      }
    }
    const messages = await this.repository.messages(organisation.id, userId);
    return { ...customerOf(customer), messages: messages.map(toStaffMessage) };
  }

  async reply(staff: StaffClaims, context: StaffAuditContext, slug: string | undefined, userId: string, text: string): Promise<StaffSupportMessage> {
    const organisation = await this.access.staffOrganisation(staff, slug, { required: true });
    await this.customer(organisation, userId);
    // Who answers has read what they answer.
    await this.repository.markRead(organisation.id, userId, 'customer');
    const row = await this.repository.insertMessage({
      id: newId(),
      organisation_id: organisation.id,
      user_id: userId,
      direction: 'support',
      author_admin_id: staff.adminId,
      author_email: staff.email,
      text,
    });
    await this.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'support.reply',
      subjectType: 'user',
      subjectId: userId,
      before: null,
      after: { messageId: row.id, text },
    });
    return toStaffMessage(row);
  }

  private async customer(organisation: OrganisationRef, userId: string): Promise<CustomerRow> {
    const customer = await this.repository.customer(organisation.id, userId);
    if (!customer) throw new AppError('NOT_FOUND');
    return customer;
  }

  /* Staff: feedback. */

  async listFeedback(
    staff: StaffClaims,
    query: { organisation?: string | undefined; handled?: 'true' | 'false' | undefined; limit: number; page: number },
  ): Promise<Paged<StaffFeedback>> {
    const organisation = await this.access.staffOrganisation(staff, query.organisation, { required: true });
    const { rows, total } = await this.repository.feedbackPage(organisation.id, handledOf(query.handled), query.limit, query.page);
    return { data: rows.map((row) => toStaffFeedback(row, organisation.slug)), pagination: { limit: query.limit, page: query.page, total } };
  }

  async exportFeedback(
    staff: StaffClaims,
    context: StaffAuditContext,
    query: { organisation?: string | undefined; handled?: 'true' | 'false' | undefined },
  ): Promise<{ body: string; fileName: string; rows: number }> {
    const organisation = await this.access.staffOrganisation(staff, query.organisation, { required: true });
    const rows = await this.repository.feedbackAll(organisation.id, handledOf(query.handled), FEEDBACK_EXPORT_MAX);
    const body = `\uFEFF${FEEDBACK_CSV_COLUMNS.join(',')}\r\n${rows.map((row) => feedbackCsvLine(toStaffFeedback(row, organisation.slug))).join('')}`;
    await this.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'feedback.export',
      subjectType: 'feedback',
      data: { rows: rows.length, handled: query.handled ?? null },
    });
    return { body, fileName: `feedback-${organisation.slug}.csv`, rows: rows.length };
  }

  async getFeedback(staff: StaffClaims, slug: string | undefined, id: string): Promise<StaffFeedback> {
    const organisation = await this.access.staffOrganisation(staff, slug, { required: true });
    return toStaffFeedback(await this.visibleFeedback(organisation, id), organisation.slug);
  }

  async createFeedback(
    staff: StaffClaims,
    context: StaffAuditContext,
    slug: string | undefined,
    body: { text: string; userId?: string | undefined },
  ): Promise<StaffFeedback> {
    const organisation = await this.access.staffOrganisation(staff, slug, { required: true });
    if (body.userId) await this.customer(organisation, body.userId);
    const row = await this.repository.insertFeedback({
      id: newId(),
      organisation_id: organisation.id,
      user_id: body.userId ?? null,
      text: body.text,
      updated_by: staff.email,
      updated_at: new Date(),
    });
    const after = toStaffFeedback(await this.visibleFeedback(organisation, row.id), organisation.slug);
    await this.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'feedback.create',
      subjectType: 'feedback',
      subjectId: row.id,
      before: null,
      after: auditView(after),
    });
    return after;
  }

  async updateFeedback(
    staff: StaffClaims,
    context: StaffAuditContext,
    slug: string | undefined,
    id: string,
    body: { handled: boolean; note: string },
  ): Promise<StaffFeedback> {
    const organisation = await this.access.staffOrganisation(staff, slug, { required: true });
    const before = toStaffFeedback(await this.visibleFeedback(organisation, id), organisation.slug);
    if (!(await this.repository.updateFeedback(organisation.id, id, { handled: body.handled, note: body.note.trim(), updated_by: staff.email })))
      throw new AppError('NOT_FOUND');
    const after = toStaffFeedback(await this.visibleFeedback(organisation, id), organisation.slug);
    await this.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'feedback.update',
      subjectType: 'feedback',
      subjectId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return after;
  }

  async deleteFeedback(staff: StaffClaims, context: StaffAuditContext, slug: string | undefined, id: string): Promise<void> {
    const organisation = await this.access.staffOrganisation(staff, slug, { required: true });
    const before = toStaffFeedback(await this.visibleFeedback(organisation, id), organisation.slug);
    if (!(await this.repository.deleteFeedback(organisation.id, id))) throw new AppError('NOT_FOUND');
    await this.audit.recordStaff(context, {
      organisationId: organisation.id,
      action: 'feedback.delete',
      subjectType: 'feedback',
      subjectId: id,
      before: auditView(before),
      after: null,
    });
  }

  private async visibleFeedback(organisation: OrganisationRef, id: string): Promise<FeedbackWithUser> {
    const row = await this.repository.findFeedback(organisation.id, id);
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }
}

const handledOf = (value: 'true' | 'false' | undefined) => (value === undefined ? undefined : value === 'true');

const nameOf = (row: { first_name: string | null; last_name: string | null }) =>
  [row.first_name, row.last_name].filter((part) => part && part.trim() !== '').join(' ');

function toMessage(row: SupportMessageRow): SupportMessage {
  return { _id: row.id, from: row.direction, text: row.text, createdAt: row.created_at.toISOString(), read: row.read_at !== null };
}

function toStaffMessage(row: SupportMessageRow): StaffSupportMessage {
  return { ...toMessage(row), author: row.author_email };
}

function customerOf(row: CustomerRow) {
  return { userId: row.id, name: nameOf(row), email: row.email, customerNumber: row.customer_number };
}

function toConversation(row: ConversationRow): SupportConversation {
  return {
    ...customerOf(row),
    lastMessageAt: new Date(row.last_at).toISOString(),
    lastFrom: row.last_direction,
    lastText: row.last_text,
    unread: row.unread,
    unanswered: row.last_direction === 'customer',
    messages: row.messages,
  };
}

function toFeedback(row: FeedbackRow): Feedback {
  return { _id: row.id, text: row.text, date: row.created_at.toISOString() };
}

function toStaffFeedback(row: FeedbackWithUser, organisation: string): StaffFeedback {
  const known = row.user_id !== null && row.first_name !== null;
  return {
    ...toFeedback(row),
    organisation,
    userId: row.user_id,
    name: known ? nameOf(row) : null,
    email: known ? row.email : null,
    handled: row.handled,
    note: row.note,
    updatedBy: row.updated_by,
    updatedAt: row.updated_at ? row.updated_at.toISOString() : null,
  };
}

/** An entry as the audit log keeps it: without its id (the subject) and organisation. */
function auditView(feedback: StaffFeedback): Record<string, unknown> {
  const { _id: _, organisation: __, ...rest } = feedback;
  return rest;
}

function feedbackCsvLine(feedback: StaffFeedback): string {
  const values: Record<(typeof FEEDBACK_CSV_COLUMNS)[number], string> = {
    date: feedback.date,
    text: feedback.text,
    handled: feedback.handled ? 'true' : 'false',
    note: feedback.note,
    name: feedback.name ?? '',
    email: feedback.email ?? '',
    updatedBy: feedback.updatedBy ?? '',
    updatedAt: feedback.updatedAt ?? '',
  };
  return `${FEEDBACK_CSV_COLUMNS.map((column) => csvField(values[column])).join(',')}\r\n`;
}

import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';

export type SupportMessageRow = Selectable<Database['support_messages']>;
export type FeedbackRow = Selectable<Database['support_feedback']>;

/** The customer a conversation or a feedback entry is with. */
export interface CustomerRow {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  customer_number: string | null;
}

export interface ConversationRow extends CustomerRow {
  last_at: Date;
  last_direction: 'customer' | 'support';
  last_text: string;
  unread: number;
  messages: number;
}

export type FeedbackWithUser = FeedbackRow & { first_name: string | null; last_name: string | null; email: string | null; customer_number: string | null };

/** How many of a customer's latest messages a conversation shows. */
export const CONVERSATION_LIMIT = 200;

/**
 * Support messages and feedback. Every statement is scoped by the organisation's id (and a
 * customer's by the user's too), so no id reaches another organisation's or customer's rows.
 */
export class SupportRepository {
  private readonly db: Db;
  constructor(db: Db) {
    this.db = db;
  }

  /* Messages. */

  /** A customer's latest messages, oldest first. */
  async messages(organisationId: string, userId: string): Promise<SupportMessageRow[]> {
    const rows = await this.db
      .selectFrom('support_messages')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(CONVERSATION_LIMIT)
      .execute();
    return rows.reverse();
  }

  insertMessage(row: Insertable<Database['support_messages']>): Promise<SupportMessageRow> {
    return this.db.insertInto('support_messages').values(row).returningAll().executeTakeFirstOrThrow();
  }

  /** Marks the messages of one direction in a customer's conversation read; answers how many it marked. */
  async markRead(organisationId: string, userId: string, direction: 'customer' | 'support'): Promise<number> {
    const result = await this.db
      .updateTable('support_messages')
      .set({ read_at: sql`now()` })
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .where('direction', '=', direction)
      .where('read_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** The organisation's customer (a user of it), or undefined. */
  customer(organisationId: string, userId: string): Promise<CustomerRow | undefined> {
    return this.db
      .selectFrom('users')
      .select(['id', 'first_name', 'last_name', 'email', 'customer_number'])
      .where('organisation_id', '=', organisationId)
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * A page of the organisation's conversations: unanswered (the last message is the customer's)
   * first, then by the last message, newest first. `unanswered` keeps only those waiting.
   */
  async conversations(organisationId: string, unansweredOnly: boolean, limit: number, page: number): Promise<{ rows: ConversationRow[]; total: number }> {
    const summary = this.conversationSummary(organisationId);
    const filter = unansweredOnly ? sql`WHERE s.last_direction = 'customer'` : sql``;
    const [rows, count] = await Promise.all([
      sql<ConversationRow>`
        WITH s AS (${summary})
        SELECT u.id, u.first_name, u.last_name, u.email, u.customer_number, s.last_at, s.last_direction, s.last_text, s.unread, s.messages
          FROM s JOIN users u ON u.id = s.user_id AND u.organisation_id = ${organisationId}
          ${filter}
         ORDER BY (s.last_direction = 'customer') DESC, s.last_at DESC, u.id
         LIMIT ${limit} OFFSET ${(page - 1) * limit}`.execute(this.db),
      sql<{ total: number }>`WITH s AS (${summary}) SELECT count(*)::int AS total FROM s ${filter}`.execute(this.db),
    ]);
    return { rows: rows.rows, total: count.rows[0]?.total ?? 0 };
  }

  /** How many of the organisation's conversations wait for an answer (the last message is the customer's). */
  async unansweredCount(organisationId: string): Promise<number> {
    const { rows } = await sql<{ total: number }>`WITH s AS (${this.conversationSummary(organisationId)}) SELECT count(*)::int AS total FROM s WHERE s.last_direction = 'customer'`.execute(this.db);
    return rows[0]?.total ?? 0;
  }

  /** One row per customer with messages: the last message's time, direction and text, and counts. */
  private conversationSummary(organisationId: string) {
    return sql`
      SELECT m.user_id,
             max(m.created_at) AS last_at,
             (array_agg(m.direction ORDER BY m.created_at DESC, m.id DESC))[1] AS last_direction,
             left((array_agg(m.text ORDER BY m.created_at DESC, m.id DESC))[1], 140) AS last_text,
             count(*) FILTER (WHERE m.direction = 'customer' AND m.read_at IS NULL)::int AS unread,
             count(*)::int AS messages
        FROM support_messages m
       WHERE m.organisation_id = ${organisationId}
       GROUP BY m.user_id`;
  }

  /* Feedback. */

  private feedbackQuery(organisationId: string) {
    return this.db
      .selectFrom('support_feedback as f')
      .leftJoin('users as u', (join) => join.onRef('u.id', '=', 'f.user_id').on('u.organisation_id', '=', organisationId))
      .selectAll('f')
      .select(['u.first_name', 'u.last_name', 'u.email', 'u.customer_number'])
      .where('f.organisation_id', '=', organisationId);
  }

  /** A customer's own feedback, newest first (the latest 100). */
  feedbackOf(organisationId: string, userId: string): Promise<FeedbackRow[]> {
    return this.db
      .selectFrom('support_feedback')
      .selectAll()
      .where('organisation_id', '=', organisationId)
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(100)
      .execute();
  }

  async feedbackPage(organisationId: string, handled: boolean | undefined, limit: number, page: number): Promise<{ rows: FeedbackWithUser[]; total: number }> {
    let query = this.feedbackQuery(organisationId);
    let counted = this.db.selectFrom('support_feedback').where('organisation_id', '=', organisationId);
    if (handled !== undefined) {
      query = query.where('f.handled', '=', handled);
      counted = counted.where('handled', '=', handled);
    }
    const [rows, count] = await Promise.all([
      query
        .orderBy('f.created_at', 'desc')
        .orderBy('f.id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      counted.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  }

  /** Every entry for the export, newest first, at most `max`. */
  feedbackAll(organisationId: string, handled: boolean | undefined, max: number): Promise<FeedbackWithUser[]> {
    let query = this.feedbackQuery(organisationId);
    if (handled !== undefined) query = query.where('f.handled', '=', handled);
    return query.orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').limit(max).execute();
  }

  findFeedback(organisationId: string, id: string): Promise<FeedbackWithUser | undefined> {
    return this.feedbackQuery(organisationId).where('f.id', '=', id).executeTakeFirst();
  }

  insertFeedback(row: Insertable<Database['support_feedback']>): Promise<FeedbackRow> {
    return this.db.insertInto('support_feedback').values(row).returningAll().executeTakeFirstOrThrow();
  }

  async updateFeedback(organisationId: string, id: string, values: { handled: boolean; note: string; updated_by: string }): Promise<boolean> {
    const result = await this.db
      .updateTable('support_feedback')
      .set({ ...values, updated_at: sql`now()` })
      .where('organisation_id', '=', organisationId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteFeedback(organisationId: string, id: string): Promise<boolean> {
    const result = await this.db.deleteFrom('support_feedback').where('organisation_id', '=', organisationId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

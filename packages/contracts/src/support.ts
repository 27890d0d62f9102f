import { z } from 'zod';
import { BoundedText, hasControlCharacter, Id, Slug } from './common.ts';
import type { StaffScope } from './staff.ts';

/**
 * Support messages and feedback (spec 001 §3 "Support feedback entry: text and a date. Support
 * message: text, read marker.", §7 "Support"; spec 002 §7 "Feedback"; issue 17, decision 0047).
 *
 * A conversation is one customer's (a user of an organisation) messages with the organisation's
 * customer service: each message goes one way (`customer` → support, or `support` → the
 * customer), and carries the other side's read marker. Feedback is a free text a customer leaves,
 * with the date; staff mark it handled and add a note.
 */

/** The longest message or feedback text (characters); longer is `SUPPORT_TEXT_TOO_LONG`. */
export const SUPPORT_TEXT_MAX = 2000;
/** The longest note staff keep on a feedback entry. */
export const FEEDBACK_NOTE_MAX = 1000;

/**
 * A message's or a feedback's text: 1–2000 characters after trimming, line breaks and tabs
 * allowed, no other control character (a NUL byte is refused at the edge as well). The zod
 * messages are the error keys, so the forms and the server say the same.
 */
export const SupportText = z
  .string()
  .trim()
  .min(1, 'SUPPORT_TEXT_REQUIRED')
  .max(SUPPORT_TEXT_MAX, 'SUPPORT_TEXT_TOO_LONG')
  .refine((value) => !hasControlCharacter(value, { multiline: true }), 'INVALID_CHARACTERS');

/** The rule's key for a text, or null when it is fine (the forms' check before sending). */
export function supportTextProblem(text: string): 'SUPPORT_TEXT_REQUIRED' | 'SUPPORT_TEXT_TOO_LONG' | 'INVALID_CHARACTERS' | null {
  const parsed = SupportText.safeParse(text);
  if (parsed.success) return null;
  const key = parsed.error.issues[0]?.message;
  return key === 'SUPPORT_TEXT_TOO_LONG' || key === 'INVALID_CHARACTERS' ? key : 'SUPPORT_TEXT_REQUIRED';
}

/** Who read, answer and keep support messages and feedback: the platform's admins and support everywhere, an organisation's admins and support in their own. */
export const supportStaff = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT'] as const satisfies readonly StaffScope[];

/** Which way a message goes: from the customer to customer service, or back. */
export const SupportDirection = z.enum(['customer', 'support']);
export type SupportDirection = z.infer<typeof SupportDirection>;

/** `{ text }`: a new message (the customer's or a staff reply). Strict. */
export const SupportMessageRequest = z.strictObject({ text: SupportText });
export type SupportMessageRequest = z.input<typeof SupportMessageRequest>;

/**
 * A message as the customer sees it: `from` says who wrote it, `read` whether the other side has
 * read it (the customer a reply; customer service the customer's message). Staff are not named.
 */
export const SupportMessage = z.object({
  _id: Id,
  from: SupportDirection,
  text: z.string(),
  createdAt: z.string(),
  read: z.boolean(),
});
export type SupportMessage = z.infer<typeof SupportMessage>;

/** Customer service's answers the customer has not read: the portal's unread count. */
export const unreadAnswers = (messages: readonly Pick<SupportMessage, 'from' | 'read'>[] | undefined): number => (messages ?? []).filter((m) => m.from === 'support' && !m.read).length;

/** A message as staff see it: with the e-mail of the staff member who wrote a reply (null for the customer's). */
export const StaffSupportMessage = SupportMessage.extend({ author: z.string().nullable() });
export type StaffSupportMessage = z.infer<typeof StaffSupportMessage>;

/** `GET …/support/messages?markAsRead=true` marks customer service's replies read (not in a support session). */
export const SupportMessagesQuery = z.object({ markAsRead: z.enum(['true', 'false']).default('false') });

/** The customer a conversation is with, as staff see it. */
const ConversationCustomer = {
  userId: Id,
  name: z.string(),
  email: z.string().nullable(),
  customerNumber: z.string().nullable(),
};

/** One conversation in the staff's list. */
export const SupportConversation = z.object({
  ...ConversationCustomer,
  /** When the last message was written, and which way it went. */
  lastMessageAt: z.string(),
  lastFrom: SupportDirection,
  /** The last message's first 140 characters. */
  lastText: z.string(),
  /** The customer's messages customer service has not read. */
  unread: z.number().int(),
  /** The last message is the customer's: it waits for an answer. */
  unanswered: z.boolean(),
  messages: z.number().int(),
});
export type SupportConversation = z.infer<typeof SupportConversation>;

/** One conversation with its messages, oldest first. */
export const SupportConversationDetail = z.object({ ...ConversationCustomer, messages: z.array(StaffSupportMessage) });
export type SupportConversationDetail = z.infer<typeof SupportConversationDetail>;

const Paging = {
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
};
/** The organisation a staff call is about (its slug); organisation staff may leave it out, platform staff name it. */
const OrganisationQuery = { organisation: Slug.optional() };
export const StaffOrganisationQuery = z.object(OrganisationQuery);

/** `GET /v3/data/support/conversations`: unanswered first, then the latest message first; `status=unanswered` only those. */
export const ListConversationsQuery = z.object({ ...OrganisationQuery, status: z.enum(['all', 'unanswered']).default('all'), ...Paging });
export type ListConversationsQuery = z.input<typeof ListConversationsQuery>;

export const ConversationQuery = z.object({ ...OrganisationQuery, markAsRead: z.enum(['true', 'false']).default('false') });

/** A feedback entry as the customer sees it: the text and its date (spec 001 §3). */
export const Feedback = z.object({ _id: Id, text: z.string(), date: z.string() });
export type Feedback = z.infer<typeof Feedback>;

/** `{ text }`: the customer's feedback. Strict. */
export const FeedbackRequest = z.strictObject({ text: SupportText });
export type FeedbackRequest = z.input<typeof FeedbackRequest>;

/** A feedback entry as staff see it: who left it (when a customer did), and whether it was handled, with a note. */
export const StaffFeedback = Feedback.extend({
  organisation: z.string(),
  userId: Id.nullable(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  handled: z.boolean(),
  note: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type StaffFeedback = z.infer<typeof StaffFeedback>;

/** `GET /v3/data/feedback`: newest first, paged, by whether it was handled. */
export const ListFeedbackQuery = z.object({ ...OrganisationQuery, handled: z.enum(['true', 'false']).optional(), ...Paging });
export type ListFeedbackQuery = z.input<typeof ListFeedbackQuery>;

/** `GET /v3/data/feedback/export`: the organisation's feedback as CSV. */
export const ExportFeedbackQuery = z.object({ ...OrganisationQuery, handled: z.enum(['true', 'false']).optional(), format: z.literal('csv').default('csv') });

/** `POST /v3/data/feedback` (staff): feedback a customer gave another way (a call, a letter); `userId` names the customer when known. */
export const CreateFeedbackRequest = z.strictObject({ text: SupportText, userId: Id.optional() });
export type CreateFeedbackRequest = z.input<typeof CreateFeedbackRequest>;

/** `PUT /v3/data/feedback/{id}`: whether it was handled, and the staff's note. The customer's text is theirs and is not changed. */
export const UpdateFeedbackRequest = z.strictObject({
  handled: z.boolean(),
  note: BoundedText(FEEDBACK_NOTE_MAX, { multiline: true }).default(''),
});
export type UpdateFeedbackRequest = z.input<typeof UpdateFeedbackRequest>;

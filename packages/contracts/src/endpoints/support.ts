import { z } from 'zod';
import { Id } from '../common.ts';
import { endpoint } from '../endpoint.ts';
import { Done } from '../staff.ts';
import {
  ConversationQuery,
  CreateFeedbackRequest,
  ExportFeedbackQuery,
  Feedback,
  FeedbackRequest,
  ListConversationsQuery,
  ListFeedbackQuery,
  StaffFeedback,
  StaffOrganisationQuery,
  StaffSupportMessage,
  SupportConversation,
  SupportConversationDetail,
  SupportMessage,
  SupportMessageRequest,
  SupportMessagesQuery,
  supportStaff,
  UpdateFeedbackRequest,
} from '../support.ts';

/*
 * Support messages and feedback (spec 001 §3, §7; spec 002 §7; issue 17, decision 0047).
 *
 * The customer's calls are spec 001 §7's account-path calls `GET`/`POST /support/messages` and
 * `GET`/`POST /support/feedback`, under `/v4/{organisation}/` like every other call of the
 * signed-in customer. The staff's are spec 002 §7's `/v3/data/feedback` calls and, for the
 * conversations the spec does not name, `/v3/data/support/conversations…` beside them. Staff
 * calls name the organisation with `?organisation=` (organisation staff may leave it out: their
 * own; platform staff must). Every staff change is an audit entry.
 */

const OrganisationParams = z.object({ organisation: z.string() });
const textKeys = ['SUPPORT_TEXT_REQUIRED', 'SUPPORT_TEXT_TOO_LONG', 'INVALID_CHARACTERS'] as const;
const exampleId = '64b7f0c2a1d3e4f5a6b7c8d9';

export const getSupportMessages = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/support/messages',
  operationId: 'getSupportMessages',
  tag: 'support',
  summary: "The signed-in customer's messages with customer service, oldest first (the latest 200)",
  description:
    "Spec 001 §7 `GET /support/messages`. `markAsRead=true` marks customer service's replies read and answers them so; a support session (INSPECTOR) may not mark (`403 READ_ONLY_SESSION`). " +
    'The unread count is the replies with `read: false`. `cache-control: no-store`.',
  auth: 'user',
  writes: { whenQuery: 'markAsRead' },
  params: OrganisationParams,
  query: SupportMessagesQuery,
  response: { data: z.array(SupportMessage) },
  errors: ['READ_ONLY_SESSION'],
  examples: { params: { organisation: 'solvik' }, query: { markAsRead: 'true' } },
});

export const sendSupportMessage = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/support/messages',
  operationId: 'sendSupportMessage',
  tag: 'support',
  summary: 'Send customer service a message',
  description:
    'Spec 001 §7 `POST /support/messages`. 1–2000 characters after trimming; line breaks allowed. A support session (INSPECTOR) may not send (`403 READ_ONLY_SESSION`).',
  auth: 'user',
  params: OrganisationParams,
  body: SupportMessageRequest,
  response: { data: SupportMessage },
  errors: ['READ_ONLY_SESSION', ...textKeys],
  examples: { params: { organisation: 'solvik' }, body: { text: 'My invoice for October seems too high. Can you check it?' } },
});

export const getSupportFeedback = endpoint({
  method: 'GET',
  path: '/v4/{organisation}/support/feedback',
  operationId: 'getSupportFeedback',
  tag: 'support',
  summary: "The signed-in customer's feedback, newest first (the latest 100)",
  description: "Spec 001 §7 `GET /support/feedback`: each entry's text and date (ISO 8601 with Z).",
  auth: 'user',
  params: OrganisationParams,
  response: { data: z.array(Feedback) },
  errors: [],
  examples: { params: { organisation: 'solvik' } },
});

export const sendSupportFeedback = endpoint({
  method: 'POST',
  path: '/v4/{organisation}/support/feedback',
  operationId: 'sendSupportFeedback',
  tag: 'support',
  summary: 'Leave feedback',
  description: 'Spec 001 §7 `POST /support/feedback`. 1–2000 characters after trimming. A support session (INSPECTOR) may not (`403 READ_ONLY_SESSION`).',
  auth: 'user',
  params: OrganisationParams,
  body: FeedbackRequest,
  response: { data: Feedback },
  errors: ['READ_ONLY_SESSION', ...textKeys],
  examples: { params: { organisation: 'solvik' }, body: { text: 'The new analysis page is great.' } },
});

/* Staff: conversations (not in the spec; decision 0047). */

export const listSupportConversations = endpoint({
  method: 'GET',
  path: '/v3/data/support/conversations',
  operationId: 'listSupportConversations',
  tag: 'support',
  summary: "The organisation's conversations with customers: unanswered first, then the latest (staff)",
  description:
    "A conversation is one customer's messages. `unanswered`: the last message is the customer's. `status=unanswered` lists only those (its `pagination.total` is the count of conversations waiting). " +
    "`unread`: the customer's messages no staff member has read.",
  auth: { scopes: supportStaff },
  query: ListConversationsQuery,
  response: { data: z.array(SupportConversation), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik', status: 'unanswered', limit: 25, page: 1 } },
});

export const getSupportConversation = endpoint({
  method: 'GET',
  path: '/v3/data/support/conversations/{userId}',
  operationId: 'getSupportConversation',
  tag: 'support',
  summary: "One customer's messages, oldest first (staff)",
  description:
    "`markAsRead=true` marks the customer's messages read (an audit entry `support.read` when it marked any). A customer of another organisation is 404. Replies carry the e-mail of the staff member who wrote them.",
  auth: { scopes: supportStaff },
  params: z.object({ userId: Id }),
  query: ConversationQuery,
  response: { data: SupportConversationDetail },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { userId: exampleId }, query: { organisation: 'solvik', markAsRead: 'true' } },
});

export const replySupportConversation = endpoint({
  method: 'POST',
  path: '/v3/data/support/conversations/{userId}/messages',
  operationId: 'replySupportConversation',
  tag: 'support',
  summary: 'Answer a customer (staff)',
  description:
    "The reply is the customer's to read in the portal (unread until they open their messages); the customer's messages count as read. An audit entry `support.reply` with the text. A customer of another organisation is 404.",
  auth: { scopes: supportStaff },
  params: z.object({ userId: Id }),
  query: StaffOrganisationQuery,
  body: SupportMessageRequest,
  response: { data: StaffSupportMessage },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', ...textKeys],
  examples: {
    params: { userId: exampleId },
    query: { organisation: 'solvik' },
    body: { text: 'Thank you, we have checked it: the October invoice includes a correction for September.' },
  },
});

/* Staff: feedback (spec 002 §7 `GET /v3/data/feedback`; `GET`, `PUT`, `DELETE /{id}`; `POST`). */

export const listFeedback = endpoint({
  method: 'GET',
  path: '/v3/data/feedback',
  operationId: 'listFeedback',
  tag: 'support',
  summary: "The organisation's feedback, newest first, paged (staff)",
  description:
    '`handled` filters by whether staff marked an entry handled. The CSV of the spec\'s "csv with organisation and token" is `GET /v3/data/feedback/export`.',
  auth: { scopes: supportStaff },
  query: ListFeedbackQuery,
  response: { data: z.array(StaffFeedback), paged: true },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik', handled: 'false', limit: 25, page: 1 } },
});

export const exportFeedback = endpoint({
  method: 'GET',
  path: '/v3/data/feedback/export',
  operationId: 'exportFeedback',
  tag: 'support',
  summary: "The organisation's feedback as a CSV file, newest first (staff)",
  description:
    'Spec 002 §7\'s list "csv with organisation and token": the organisation in `?organisation=`, the staff token as the bearer (never in the address, as for the audit export). ' +
    "Columns: date, text, handled, note, customer name, e-mail, updated by, updated at; a field that starts with `=`, `+`, `-` or `@` gets a leading `'`. At most 50 000 entries. The export is an audit entry.",
  auth: { scopes: supportStaff },
  query: ExportFeedbackQuery,
  response: { file: { contentTypes: ['text/csv'], description: 'The entries, `content-disposition: attachment`' } },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { query: { organisation: 'solvik', format: 'csv' } },
});

export const createFeedback = endpoint({
  method: 'POST',
  path: '/v3/data/feedback',
  operationId: 'createFeedback',
  tag: 'support',
  summary: 'Record feedback a customer gave another way (staff)',
  description: '`userId` names the customer when known (a user of the organisation; another is 404). An audit entry `feedback.create`.',
  auth: { scopes: supportStaff },
  query: StaffOrganisationQuery,
  body: CreateFeedbackRequest,
  response: { data: StaffFeedback },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND', ...textKeys],
  examples: { query: { organisation: 'solvik' }, body: { text: 'Called to say the outage notice came late.' } },
});

export const getFeedback = endpoint({
  method: 'GET',
  path: '/v3/data/feedback/{id}',
  operationId: 'getFeedback',
  tag: 'support',
  summary: 'One feedback entry (staff)',
  auth: { scopes: supportStaff },
  params: z.object({ id: Id }),
  query: StaffOrganisationQuery,
  response: { data: StaffFeedback },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { id: exampleId }, query: { organisation: 'solvik' } },
});

export const updateFeedback = endpoint({
  method: 'PUT',
  path: '/v3/data/feedback/{id}',
  operationId: 'updateFeedback',
  tag: 'support',
  summary: "Mark feedback handled or not, with the staff's note (staff)",
  description: "The customer's text is theirs and stays. An audit entry `feedback.update` with before and after.",
  auth: { scopes: supportStaff },
  params: z.object({ id: Id }),
  query: StaffOrganisationQuery,
  body: UpdateFeedbackRequest,
  response: { data: StaffFeedback },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { id: exampleId }, query: { organisation: 'solvik' }, body: { handled: true, note: 'Forwarded to the network team.' } },
});

export const deleteFeedback = endpoint({
  method: 'DELETE',
  path: '/v3/data/feedback/{id}',
  operationId: 'deleteFeedback',
  tag: 'support',
  summary: 'Delete a feedback entry (staff)',
  description: 'An audit entry `feedback.delete` with the entry as it was.',
  auth: { scopes: supportStaff },
  params: z.object({ id: Id }),
  query: StaffOrganisationQuery,
  response: { data: Done },
  errors: ['UNKNOWN_ORGANISATION', 'NOT_FOUND'],
  examples: { params: { id: exampleId }, query: { organisation: 'solvik' } },
});

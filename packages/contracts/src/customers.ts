import { z } from 'zod';
import { Agreement } from './agreements.ts';
import { ProspectStatus } from './auth.ts';
import { BoundedDate, BoundedText, Id } from './common.ts';
import { AccountRole, AccountType, Language, ServiceStatus, ServiceType } from './enums.ts';
import { Invoice } from './invoices.ts';
import { Location } from './locations.ts';
import { PushToken } from './push-tokens.ts';

/*
 * Customers as the back office's support staff see them (spec 001 §3, §7; spec 002 §7, §9;
 * issue 16, decision 0038): search, fetch, the customer page's overview, inspectors.
 */

/** Spec 002 §9: "customer search by customerId; search options personalId, customerId, organisationId, email". */
export const CustomerSearchBy = z.enum(['customerId', 'personalId', 'organisationId', 'email']);
export type CustomerSearchBy = z.infer<typeof CustomerSearchBy>;

/** Paging of a staff search body: digits only, as the spec's paged queries (1–100 a page). */
const SearchPaging = {
  limit: z.number().int().min(1).max(100).default(25),
  page: z.number().int().min(1).max(10_000).default(1),
};

/**
 * A customer search. `search` is the customer number (exact, or its beginning), the personal
 * number (any form the portal's sign-in takes; normalised to its stored form), the organisation
 * number (normalised likewise) or a part of the e-mail address (at least 3 characters).
 */
export const CustomerSearchRequest = z.strictObject({
  search: BoundedText(200, { min: 1 }),
  searchBy: CustomerSearchBy.default('customerId'),
  ...SearchPaging,
});
export type CustomerSearchRequest = z.input<typeof CustomerSearchRequest>;

/** A user as a line of an account or a search hit. */
export const CustomerPerson = z.object({
  _id: Id,
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  /** The personal number in its stored form (twelve digits in Sweden); null when unknown. */
  personalId: z.string().nullable(),
});
export type CustomerPerson = z.infer<typeof CustomerPerson>;

/** An account as staff see it: the provider's customer number, the owner, the users and their roles. */
export const CustomerAccount = z.object({
  _id: Id,
  accountId: Id,
  type: AccountType,
  provider: z.object({ customerId: z.string() }),
  organisationNumber: z.string().nullable(),
  accountOwner: CustomerPerson.nullable(),
  users: z.array(CustomerPerson.extend({ role: AccountRole })),
  /** Locations of the account in any status (staff see them all). */
  locationCount: z.number().int(),
  createdAt: z.string(),
  lastSeen: z.string().nullable(),
});
export type CustomerAccount = z.infer<typeof CustomerAccount>;

/** A user as staff see them, with their memberships. */
export const CustomerUser = CustomerPerson.extend({
  username: z.string().nullable(),
  language: Language.nullable(),
  customerNumber: z.string().nullable(),
  accounts: z.array(z.object({ accountId: Id, role: AccountRole, type: AccountType, customerId: z.string() })),
  createdAt: z.string(),
  lastSeen: z.string().nullable(),
});
export type CustomerUser = z.infer<typeof CustomerUser>;

export const UserSearchRequest = CustomerSearchRequest;

/** `?ids=` of the bridge fetch: 1–100 account ids, comma separated. */
export const AccountIdList = z
  .string()
  .max(100 * 25)
  .transform((text) => text.split(',').map((id) => id.trim()))
  .pipe(z.array(Id).min(1).max(100));

/** A sign-in of the customer: the portal's processes (auth_processes), support sessions among them. */
export const CustomerSignIn = z.object({
  at: z.string(),
  type: z.string(),
  status: z.string(),
  /** An admin's read-only support session (scope INSPECTOR) rather than the customer's own. */
  support: z.boolean(),
});

/** What the back office's customer page needs, in one answer. */
export const CustomerOverview = z.object({
  user: CustomerUser,
  accounts: z.array(CustomerAccount),
  /** Every location of those accounts, in any status, with its services. */
  locations: z.array(Location),
  /** The agreements per location id. */
  agreements: z.record(z.string(), z.array(Agreement)),
  /** The latest three invoices of each account, newest due date first. */
  invoices: z.array(Invoice),
  /** The last ten sign-ins, newest first. */
  signIns: z.array(CustomerSignIn),
  /** Admins attached to the accounts as inspectors. */
  inspectors: z.array(z.object({ adminId: Id, accountId: Id, email: z.string() })),
  /** The customer's own request to be deleted (`GET /users/requestDelete`), or null (decision 0042). */
  deletionRequest: z.object({ requestedAt: z.string() }).nullable(),
  /** The devices push reaches, newest registration first (decision 0042). */
  pushTokens: z.array(PushToken),
});
export type CustomerOverview = z.infer<typeof CustomerOverview>;

/** Paged location queries (spec 001/002 §5): `limit` and `page` digits only, comma lists checked against the enumerations. */
const digits = (max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,6}$/, 'DIGITS_ONLY')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max))
    .default(fallback);
const commaList = <const T extends readonly string[]>(values: T) =>
  z
    .string()
    .max(500)
    .transform((text) => text.split(',').map((part) => part.trim()).filter((part) => part !== ''))
    .pipe(z.array(z.string().refine((value): value is T[number] => values.includes(value), 'NOT_IN_ENUMERATION')).min(1));
/** `limit` and `page` of a staff list's query: digits only (spec §5), 1–100 and from 1. */
export const DigitsPaging = { limit: digits(100, 25), page: digits(10_000, 1) };
/** `GET …/users/pushtokens/all`: paged as the other staff lists, optionally one user's tokens (decision 0042). */
export const StaffPushTokensQuery = z.object({ ...DigitsPaging, userId: Id.optional() });
export const StaffLocationsQuery = z.object({
  ...DigitsPaging,
  'services.type': commaList(ServiceType.options).optional(),
  'services.status': commaList(ServiceStatus.options).optional(),
});

/** An admin attached to an account as inspector (spec 001 §6, spec 002 §7; table account_inspectors). */
export const Inspector = z.object({
  adminId: Id,
  accountId: Id,
  admin: z.object({ email: z.string(), firstName: z.string(), lastName: z.string(), scope: z.string() }),
  account: z.object({ customerId: z.string(), type: AccountType }),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type Inspector = z.infer<typeof Inspector>;

export const InspectorsOfAdminRequest = z.strictObject({ email: BoundedText(254, { min: 3 }) });
export const AddInspectorRequest = z.strictObject({ adminId: Id, accountId: Id });
export const RemoveInspectorQuery = z.object({ adminId: Id });
export const RemoveInspectorsQuery = z.object({ adminId: Id, accountIds: AccountIdList });
export const RemovedInspectors = z.object({ removed: z.number().int() });

/** "Open as this customer": the portal's read-only support session for one account. */
export const SupportSessionRequest = z.strictObject({
  accountId: Id,
  /** The user to act as; the account's owner when left out. */
  userId: Id.optional(),
});
export const SupportSession = z.object({
  /** The sign-in's ref: exchanged once, within `expiresAt`, for INSPECTOR tokens. */
  ref: z.string(),
  /** The portal's sign-in page with the ref (`/login?ref=…`): the back office opens it in a new tab. */
  url: z.string(),
  expiresAt: z.string(),
  userId: Id,
  accountId: Id,
});
export type SupportSession = z.infer<typeof SupportSession>;

/** `GET …/users/search` and `GET …/accounts/search`: the bridge search as a query. */
export const CustomerSearchQuery = z.object({
  search: BoundedText(200, { min: 1 }),
  searchBy: CustomerSearchBy.default('customerId'),
  ...DigitsPaging,
});

/** `GET …/users`: the organisation's users, newest first; `accountId` keeps the members of one account. */
export const StaffUsersQuery = z.object({
  accountId: Id.optional(),
  ...DigitsPaging,
});

/** `GET …/accounts`: the organisation's accounts by customer number; filtered by type, and by whether anyone has signed in since a day. */
export const StaffAccountsQuery = z.object({
  type: AccountType.optional(),
  seenSince: BoundedDate.optional(),
  ...DigitsPaging,
});

/**
 * An account prospect (spec 001 §3, §7): a person of the provider's customer register on their way
 * to an account after their first sign-in. The sign-in's ref is a filter only, never answered (it
 * could still be exchangeable for the customer's tokens).
 */
export const AccountProspect = z.object({
  _id: Id,
  status: ProspectStatus,
  customerId: z.string(),
  userId: Id,
  accountId: Id,
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccountProspect = z.infer<typeof AccountProspect>;

/** An account-creation log (spec 001 §3, §7): a prospect's steps, each status with when it was reached. */
export const AccountCreationLog = z.object({
  _id: Id,
  prospectId: Id,
  status: ProspectStatus,
  customerId: z.string(),
  accountId: Id,
  entries: z.array(z.object({ status: z.string(), at: z.string() })),
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AccountCreationLog = z.infer<typeof AccountCreationLog>;

/** `?ref`: the sign-in that began them. */
export const ProspectsByRefQuery = z.object({ ref: BoundedText(100, { min: 1 }) });
/** Search by status, customer number and when they began (`from`, `to`: days), paged. */
export const ProspectSearchQuery = z.object({
  status: ProspectStatus.optional(),
  customerId: BoundedText(100, { min: 1 }).optional(),
  from: BoundedDate.optional(),
  to: BoundedDate.optional(),
  ...DigitsPaging,
});

/** The roles staff give a user they add to an account: not OWNER (the account has one) and not INSPECTOR (admins only). */
export const AddedMemberRole = AccountRole.exclude(['OWNER', 'INSPECTOR']);

/**
 * `POST …/users` (spec 001 §7: user, organisation, account (role, accountId), inviterId): a new user
 * of the organisation, added to one of its accounts with the role GUEST unless another is named.
 */
export const CreateCustomerUserRequest = z.strictObject({
  email: BoundedText(254, { min: 1 }).optional(),
  phoneNumber: BoundedText(40, { min: 1 }).optional(),
  firstName: BoundedText(100).default(''),
  lastName: BoundedText(100).default(''),
  language: Language.optional(),
  /** A personal number in any form the sign-in takes (normalised), so they can sign in with BankID. */
  personalId: BoundedText(40, { min: 1 }).optional(),
  account: z.strictObject({ accountId: Id, role: AddedMemberRole.default('GUEST') }),
  /** The account's user who invited them (recorded in the audit entry). */
  inviterId: Id.optional(),
});
export type CreateCustomerUserRequest = z.input<typeof CreateCustomerUserRequest>;

/** `PATCH …/users/{id}`: staff change a user's contact details, names or language (null clears). */
export const UpdateCustomerUserRequest = z
  .strictObject({
    email: BoundedText(254, { min: 1 }).nullable().optional(),
    phoneNumber: BoundedText(40, { min: 1 }).nullable().optional(),
    firstName: BoundedText(100).optional(),
    lastName: BoundedText(100).optional(),
    language: Language.nullable().optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'NOTHING_TO_CHANGE');

/** `DELETE …/users/{id}?accountId`: the account the user leaves. */
export const RemoveMemberQuery = z.object({ accountId: Id });

/** A sync or site-history request, answered as a queued job (decision 0038). */
export const QueuedJobAnswer = z.object({
  queue: z.string(),
  /** The job's id; null when one for the same account or site was already waiting (that one will do). */
  jobId: z.string().nullable(),
  state: z.enum(['queued', 'already-queued']),
});
export type QueuedJobAnswer = z.infer<typeof QueuedJobAnswer>;

/** What a deletion answers: the id of what is gone. */
export const Deleted = z.object({ _id: Id, deleted: z.literal(true) });
export type Deleted = z.infer<typeof Deleted>;

/**
 * `POST …/accounts` for staff (spec 001 §7 "ref, or full payload": the full payload; decision
 * 0041): an account as the accounts table holds it. `type` CUSTOMER (a private customer) or
 * BUSINESS (a company, which needs its organisation number); `customerId` the provider's customer
 * number, unique in the organisation; `ownerId` an existing user of the organisation who becomes
 * its OWNER (left out: the account has no owner until one is named).
 */
export const CreateCustomerAccountRequest = z
  .strictObject({
    type: z.enum(['CUSTOMER', 'BUSINESS']),
    customerId: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,39}$/, 'CUSTOMER_NUMBER: letters, digits and dashes, at most 40'),
    organisationNumber: BoundedText(20, { min: 1 }).optional(),
    ownerId: Id.optional(),
  })
  .refine((body) => body.type !== 'BUSINESS' || body.organisationNumber !== undefined, { message: 'REQUIRED: a business account needs its organisation number', path: ['organisationNumber'] });
export type CreateCustomerAccountRequest = z.input<typeof CreateCustomerAccountRequest>;

/** `POST …/accounts/{accountId}/sites`: a location of the organisation that no account holds, attached to this one (decision 0041). */
export const AttachSiteRequest = z.strictObject({ siteId: Id });

import { z } from 'zod';
import { BoundedText, Id } from './common.ts';
import { AccountRole, AccountType, Language } from './enums.ts';
import { Location } from './locations.ts';

export const AccountSummary = z.object({
  _id: Id,
  accountId: Id,
  type: AccountType,
  provider: z.object({ customerId: z.string() }),
  accountOwner: Id.nullable(),
});

export const UserAccount = z.object({
  _id: Id.describe('The membership id'),
  accountId: Id,
  role: AccountRole,
  account: AccountSummary,
});
export type UserAccount = z.infer<typeof UserAccount>;

export const User = z.object({
  _id: Id,
  organisation: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  phoneNumber: z.string().nullable(),
  language: Language.nullable(),
  customerNumber: z.string().nullable(),
  accountOwner: z.boolean(),
  activeAccountId: Id.nullable(),
  accounts: z.array(UserAccount),
  locations: z.array(Location),
  createdAt: z.string(),
  lastSeen: z.string().nullable(),
  /** When the user asked to have their account deleted (`GET /users/requestDelete`), or null (decision 0042). */
  deletionRequestedAt: z.string().nullable(),
});
export type User = z.infer<typeof User>;

export const MeUser = z.object({
  _id: Id,
  email: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string().nullable(),
});

/** "Me": the active account's owner, its users and its provider customer id. */
export const Me = z.object({
  accountId: Id,
  accountOwner: MeUser.nullable(),
  users: z.array(MeUser.extend({ role: AccountRole })),
  provider: z.object({ customerId: z.string() }),
});
export type Me = z.infer<typeof Me>;

export const SetActiveAccountRequest = z.object({ accountId: Id });

/** `PUT /v4/{organisation}/users/me/language`: one of the organisation's languages (spec 000 §5). */
export const SetLanguageRequest = z.object({ language: Language });
export type SetLanguageRequest = z.infer<typeof SetLanguageRequest>;

/**
 * `PUT /v4/{organisation}/users/{id}` (spec 001 §7 "PUT /users/{id}: newPassword, or user
 * fields"): the signed-in user's e-mail and/or phone number, or a new password on its own. The
 * values' rules are in `contact.ts` (the server answers MALFORMED_EMAIL, MALFORMED_PHONE_NUMBER,
 * MALFORMED_PASSWORD); this schema only fixes the shape.
 */
export const UpdateUserRequest = z
  .strictObject({
    // Caps far above the rules' own (contact.ts), which answer their keys for a value just too long.
    email: BoundedText(254).optional(),
    phoneNumber: BoundedText(64).optional(),
    newPassword: z.string().max(1024).optional(),
    /** Needed unless the person signed in within the last 10 minutes (REAUTHENTICATION_REQUIRED). */
    currentPassword: z.string().max(1024).optional(),
  })
  .refine((body) => body.email !== undefined || body.phoneNumber !== undefined || body.newPassword !== undefined, 'NOTHING_TO_CHANGE')
  .refine((body) => body.newPassword === undefined || (body.email === undefined && body.phoneNumber === undefined), 'NEW_PASSWORD_ALONE');
export type UpdateUserRequest = z.infer<typeof UpdateUserRequest>;

/**
 * `PUT /v4/{organisation}/users/resetPassword` (spec 001 §7: email, callbackUrl): a link to choose
 * a new password, for a customer who signs in with a username and password. `callbackUrl` is a
 * page of the organisation's portal (the portal's own `/reset-password` when left out).
 */
export const ResetPasswordRequest = z.strictObject({
  email: BoundedText(254, { min: 1 }),
  callbackUrl: BoundedText(2000).optional(),
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** `GET /v4/{organisation}/users/requestDelete` (spec 001 §7): when the request was first made. */
export const DeletionRequest = z.object({ requestedAt: z.string() });
export type DeletionRequest = z.infer<typeof DeletionRequest>;

import { z } from 'zod';
import { BoundedText, Id, Slug } from './common.ts';
import { Language } from './enums.ts';

/*
 * The provider's staff in the back office (spec 002 §3 Admin, §6 roles, §7 admins; issue 16):
 * who they are, how they sign in, and the scopes that decide what they may do.
 */

/** The staff scopes of spec 002 §6: platform scopes act in every organisation, the others in their own. */
export const StaffScope = z.enum(['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT', 'ORG_MARKETING', 'ORG_DEVELOPER', 'ORG_USER']);
export type StaffScope = z.infer<typeof StaffScope>;
export const staffScopes = StaffScope.options;
export const platformScopes = ['ADMIN', 'SUPPORT'] as const satisfies readonly StaffScope[];
export const isPlatformScope = (scope: StaffScope): boolean => (platformScopes as readonly string[]).includes(scope);

/** Who may manage admins: the platform admin everywhere, an organisation admin in their own. */
export const adminManagers = ['ADMIN', 'ORG_ADMIN'] as const satisfies readonly StaffScope[];
/**
 * Who may look a customer up and help them (decision 0038): the platform's staff (ADMIN, SUPPORT)
 * in every organisation, an organisation's admins and support staff (ORG_ADMIN, ORG_SUPPORT) in
 * their own. Marketing, developers and ORG_USER never see a customer.
 */
export const customerSupport = ['ADMIN', 'SUPPORT', 'ORG_ADMIN', 'ORG_SUPPORT'] as const satisfies readonly StaffScope[];
/** Every staff scope: calls any staff member may make (their own details, signing out). */
export const anyStaff = staffScopes;

/** Staff passwords (issue 16): at least 12 characters, at most 128, not one of the common ones (checked by the server). */
export const STAFF_PASSWORD_MIN_LENGTH = 12;
export const STAFF_PASSWORD_MAX_LENGTH = 128;
export const StaffPassword = z
  .string()
  .min(STAFF_PASSWORD_MIN_LENGTH, `PASSWORD_TOO_SHORT: at least ${STAFF_PASSWORD_MIN_LENGTH} characters`)
  .max(STAFF_PASSWORD_MAX_LENGTH, `TOO_LONG: at most ${STAFF_PASSWORD_MAX_LENGTH} characters`);

/** A password being checked (a sign-in): bounded so that no hash runs over a large body. */
const CheckedPassword = z.string().min(1).max(2 * STAFF_PASSWORD_MAX_LENGTH);

/** A staff e-mail: RFC 5321's 254 characters, one @, a dot in the domain, no spaces. */
export const StaffEmail = BoundedText(254, { min: 3 })
  .refine((value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), 'MALFORMED_EMAIL')
  .transform((value) => value.trim().toLowerCase());

const Name = BoundedText(100);
const Ref = BoundedText(200, { min: 1 });

/** An admin as staff see it (spec 002 §3 Admin: the exact fields are ours). Never a password or a TOTP secret. */
export const Admin = z.object({
  _id: Id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  scope: StaffScope,
  /** The organisation's slug; null for the platform scopes. */
  organisation: z.string().nullable(),
  language: Language,
  /** Has a password (an admin created without one sets it from the e-mail's link). */
  passwordSet: z.boolean(),
  /** Has enrolled a second factor (TOTP). */
  secondFactor: z.boolean(),
  hasBankId: z.boolean(),
  lastSignInAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Admin = z.infer<typeof Admin>;

/** An organisation a staff member may work in, with what the back office's menu needs of it. */
export const StaffOrganisation = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  /** Its staff must sign in with a second factor. */
  staffSecondFactor: z.boolean(),
  /** Back-office areas its feature flags turn on (spec 002 §1): Theme, Modules, Assets, Custom Favorites, Messaging, Signs. */
  areas: z.array(z.string()),
});
export type StaffOrganisation = z.infer<typeof StaffOrganisation>;

/** `POST /v3/admins/adminInfo`: the signed-in staff member and where they may work. */
export const AdminInfo = z.object({
  admin: Admin,
  organisations: z.array(StaffOrganisation),
  /** How this session signed in: `password` or `bankid`, with or without the second factor. */
  method: z.enum(['password', 'bankid']),
  secondFactorUsed: z.boolean(),
});
export type AdminInfo = z.infer<typeof AdminInfo>;

/** Sign-in with e-mail and password at an organisation's back office (its slug: the host the app runs on). */
export const StaffSignInRequest = z.strictObject({
  organisation: Slug,
  email: BoundedText(254, { min: 1 }),
  password: CheckedPassword,
});
export type StaffSignInRequest = z.infer<typeof StaffSignInRequest>;

export const StaffTokens = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  /** When the access token expires (ISO instant). */
  expiresAt: z.string(),
});
export type StaffTokens = z.infer<typeof StaffTokens>;

/**
 * The answer to a first factor: signed in (`done`), or a second step with its `ref` — the TOTP code
 * (`second-factor`), or enrolling one first because the organisation requires it (`enrol`).
 */
export const StaffSignInAnswer = z.discriminatedUnion('status', [
  z.object({ status: z.literal('done'), tokens: StaffTokens, recoveryCodes: z.array(z.string()).optional() }),
  z.object({ status: z.literal('second-factor'), ref: z.string() }),
  z.object({
    status: z.literal('enrol'),
    ref: z.string(),
    /** The `otpauth://` address an authenticator app reads from the QR code. */
    otpauthUri: z.string(),
    /** The same secret for typing in (base32). */
    secret: z.string(),
  }),
]);
export type StaffSignInAnswer = z.infer<typeof StaffSignInAnswer>;

/** BankID by QR code (issue 16): the organisation whose back office is signed in to. */
export const StaffBankIdStartRequest = z.strictObject({ organisation: Slug });
export const StaffBankIdStatusRequest = z.strictObject({ organisation: Slug, ref: Ref });

/** A BankID order under way or ended without a sign-in: the QR code's address (it changes every second), BankID's hint code, the error. */
export const StaffBankIdProgress = z.object({
  status: z.enum(['process', 'complete', 'aborted', 'error']),
  ref: z.string(),
  hintCode: z.string().nullable(),
  /** `/v3/auth/qr?ref=…&organisation=…`: a 300×300 PNG of the animated QR code, to fetch again every second. */
  qrCodeUri: z.string().nullable(),
  error: z.string().nullable(),
});
/** The BankID sign-in's progress, or, once BankID has identified an admin, the same answer as the password's. */
export type StaffBankIdProgress = z.infer<typeof StaffBankIdProgress>;
export const StaffBankIdAnswer = z.union([StaffBankIdProgress, StaffSignInAnswer]);
export type StaffBankIdAnswer = z.infer<typeof StaffBankIdAnswer>;

/** The second step: a six-digit TOTP code, or one of the recovery codes. */
export const StaffSecondFactorRequest = z.strictObject({
  ref: Ref,
  code: BoundedText(20, { min: 6 }),
});

export const StaffRefreshRequest = z.strictObject({ refreshToken: BoundedText(200, { min: 1 }) });

/** `GET /v3/admins`: the admins of an organisation (platform staff name it; others get their own). */
export const AdminSortField = z.enum(['email', 'lastName', 'scope', 'createdAt', 'lastSignInAt']);
export const ListAdminsQuery = z.object({
  organisation: Slug.optional(),
  q: BoundedText(100).optional(),
  scope: StaffScope.optional(),
  sortBy: AdminSortField.default('email'),
  order: z.enum(['asc', 'desc']).default('asc'),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

export const CreateAdminRequest = z.strictObject({
  email: StaffEmail,
  firstName: Name.default(''),
  lastName: Name.default(''),
  scope: StaffScope,
  /** The organisation's slug; omitted for the platform scopes (and by organisation staff, who create in their own). */
  organisation: Slug.optional(),
  language: Language.default('en'),
  /** A personal number for BankID sign-in (Swedish, 12 digits). */
  personalId: BoundedText(20).regex(/^\d{12}$/, 'MALFORMED_PERSONAL_NUMBER').optional(),
  /** Send the admin-created e-mail with a link to set a password (default true). */
  sendEmail: z.boolean().default(true),
});
export type CreateAdminRequest = z.input<typeof CreateAdminRequest>;

export const UpdateAdminRequest = z.strictObject({
  firstName: Name.optional(),
  lastName: Name.optional(),
  scope: StaffScope.optional(),
  language: Language.optional(),
  personalId: BoundedText(20).regex(/^\d{12}$/, 'MALFORMED_PERSONAL_NUMBER').nullable().optional(),
  /** Forget the second factor (the admin enrols again at the next sign-in). */
  resetSecondFactor: z.literal(true).optional(),
});
export type UpdateAdminRequest = z.input<typeof UpdateAdminRequest>;

export const AdminByEmailRequest = z.strictObject({ email: StaffEmail, organisation: Slug.optional() });

/** `POST /v3/auth/adminPassword/set-password`: the link's ref, the new password, the organisation. */
export const SetAdminPasswordRequest = z.strictObject({ ref: Ref, password: StaffPassword, organisation: Slug });
/** `POST /v3/auth/adminPassword/reset-password`: always answers alike, known e-mail or not. */
export const ResetAdminPasswordRequest = z.strictObject({ organisation: Slug, email: StaffEmail, callbackUrl: BoundedText(2000).optional() });
export const SendAdminCreatedEmailRequest = z.strictObject({
  emailType: z.enum(['created', 'reset']).default('created'),
  newAdminEmail: StaffEmail,
  newAdminOrganisation: Slug.optional(),
  callbackUrl: BoundedText(2000).optional(),
});

export const Done = z.object({ success: z.literal(true) });

/** An organisation's rules for its staff (issue 16): whether they must sign in with a second factor. */
export const StaffPolicy = z.object({ staffSecondFactor: z.boolean() });
export type StaffPolicy = z.infer<typeof StaffPolicy>;
export const UpdateStaffPolicyRequest = z.strictObject({ staffSecondFactor: z.boolean() });

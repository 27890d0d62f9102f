import { endpoint } from '../endpoint.ts';
import {
  AdminInfo,
  anyStaff,
  Done,
  ResetAdminPasswordRequest,
  SetAdminPasswordRequest,
  StaffRefreshRequest,
  StaffSecondFactorRequest,
  StaffSignInAnswer,
  StaffSignInRequest,
  StaffTokens,
  StaffBankIdAnswer,
  StaffBankIdProgress,
  StaffBankIdStartRequest,
  StaffBankIdStatusRequest,
} from '../staff.ts';

/**
 * The back office's sign-in (issue 16, decision 0035). The spec names no path for it ("back-office
 * sign-in is by username and password … or by an electronic-ID QR code"); these sit beside the
 * spec's `/v3/auth/adminPassword/…`. Staff sessions are apart from customers': their own tokens
 * (`use: staff`), their own refresh families, their own sign-out.
 */

export const staffSignIn = endpoint({
  method: 'POST',
  path: '/v3/auth/staff',
  operationId: 'staffSignIn',
  tag: 'staff',
  summary: 'Sign in to the back office with e-mail and password',
  description:
    'The first factor. Answers `done` with tokens, or `second-factor` (a TOTP code is needed: `POST /v3/auth/staff/second-factor`), or `enrol` when the organisation ' +
    'requires a second factor the admin has not set up (the `otpauthUri` for the QR code; the first code confirms it). A wrong e-mail and a wrong password answer alike ' +
    '(`WRONG_CREDENTIALS`); 10 failures per e-mail or 30 per address in 15 minutes block (`TOO_MANY_ATTEMPTS`). Platform staff may sign in at any organisation.',
  auth: 'none',
  body: StaffSignInRequest,
  response: { data: StaffSignInAnswer },
  errors: ['WRONG_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'UNKNOWN_ORGANISATION'],
  examples: { body: { organisation: 'solvik', email: 'org-admin@solvik.example', password: 'correct horse battery' } },
});

export const staffBankIdStart = endpoint({
  method: 'POST',
  path: '/v3/auth/staff/bankid',
  operationId: 'staffBankIdStart',
  tag: 'staff',
  summary: 'Sign in to the back office with BankID: start an order for a QR code',
  description:
    'Spec 002 §1 and §9: the back office\'s alternative sign-in is an electronic-ID QR code of 300×300. Answers the order\'s `ref` and `qrCodeUri` (fetch it again every second: the code is animated). ' +
    'Poll `POST /v3/auth/staff/bankid/status`; cancel with `POST /v3/auth/cancel`. Offered where BankID is configured, whatever the organisation offers its customers.',
  auth: 'none',
  body: StaffBankIdStartRequest,
  response: { data: StaffBankIdProgress },
  errors: ['UNKNOWN_ORGANISATION', 'SIGN_IN_METHOD_DISABLED', 'BANKID_UNAVAILABLE', 'BANKID_ALREADY_IN_PROGRESS', 'TOO_MANY_ATTEMPTS'],
  examples: { body: { organisation: 'solvik' } },
});

export const staffBankIdStatus = endpoint({
  method: 'POST',
  path: '/v3/auth/staff/bankid/status',
  operationId: 'staffBankIdStatus',
  tag: 'staff',
  summary: 'Where a staff BankID sign-in stands; once BankID has identified an admin, the sign-in\'s answer',
  description:
    'Poll every two seconds. While the order waits: `process` with the hint code and the QR address; a failed or cancelled order: `error` or `aborted` with BankID\'s hint code ' +
    '(`USER_NOT_FOUND` when the person is no admin who may work here). Once identified: `done` with tokens, or `second-factor` / `enrol` as after a password — answered once; the ref is then used.',
  auth: 'none',
  body: StaffBankIdStatusRequest,
  response: { data: StaffBankIdAnswer },
  errors: ['UNKNOWN_ORGANISATION', 'AUTH_REF_NOT_FOUND', 'AUTH_REF_USED'],
});

export const staffSecondFactor = endpoint({
  method: 'POST',
  path: '/v3/auth/staff/second-factor',
  operationId: 'staffSecondFactor',
  tag: 'staff',
  summary: 'Finish a staff sign-in with a TOTP code or a recovery code',
  description:
    'The `ref` of the first step and a six-digit code of the authenticator app (RFC 6238, 30-second steps, one step of drift), or an unused recovery code. ' +
    'At enrolment the answer carries ten recovery codes, shown once. Five wrong codes end the sign-in.',
  auth: 'none',
  body: StaffSecondFactorRequest,
  response: { data: StaffSignInAnswer },
  errors: ['SECOND_FACTOR_WRONG', 'SIGN_IN_EXPIRED', 'TOO_MANY_ATTEMPTS'],
  examples: { body: { ref: 'mJ3f…', code: '123456' } },
});

export const staffRefresh = endpoint({
  method: 'POST',
  path: '/v3/auth/staff/refresh',
  operationId: 'staffRefresh',
  tag: 'staff',
  summary: 'New staff tokens for a refresh token (each refresh token works once)',
  description: 'A refresh token used twice revokes its whole session (`REFRESH_TOKEN_REUSED`). Staff sessions last at most 12 hours from the sign-in.',
  auth: 'none',
  body: StaffRefreshRequest,
  response: { data: StaffTokens },
  errors: ['REFRESH_TOKEN_INVALID', 'REFRESH_TOKEN_REUSED'],
});

export const staffSignOut = endpoint({
  method: 'DELETE',
  path: '/v3/auth/staff',
  operationId: 'staffSignOut',
  tag: 'staff',
  summary: "Sign out of the back office: the session's tokens stop working at once",
  auth: { scopes: anyStaff },
  response: { data: Done },
  errors: [],
});

export const getAdminInfo = endpoint({
  method: 'POST',
  path: '/v3/admins/adminInfo',
  operationId: 'getAdminInfo',
  tag: 'admins',
  summary: 'The signed-in staff member and the organisations they may work in',
  description: 'Spec 002 §7. Each organisation carries the back-office areas its feature flags turn on (spec 002 §1), for the menu.',
  auth: { scopes: anyStaff },
  response: { data: AdminInfo },
  errors: [],
});

export const setAdminPassword = endpoint({
  method: 'POST',
  path: '/v3/auth/adminPassword/set-password',
  operationId: 'setAdminPassword',
  tag: 'staff',
  summary: "Set an admin's password from the link of an admin-created or reset e-mail",
  description:
    'The `ref` of the link (it works once and expires: 72 hours for a new admin, 1 hour for a reset), the new password (12–128 characters, not a common one) and the organisation. ' +
    "Every session of the admin ends.",
  auth: 'none',
  body: SetAdminPasswordRequest,
  response: { data: Done },
  errors: ['LINK_INVALID', 'PASSWORD_TOO_COMMON', 'UNKNOWN_ORGANISATION', 'TOO_MANY_ATTEMPTS'],
});

export const resetAdminPassword = endpoint({
  method: 'POST',
  path: '/v3/auth/adminPassword/reset-password',
  operationId: 'resetAdminPassword',
  tag: 'staff',
  summary: 'Send a password reset link to an admin',
  description:
    'Answers the same whether or not the e-mail belongs to an admin of the organisation, so it tells nobody who is staff. The link is built from the configured address of the ' +
    "organisation's back office; a `callbackUrl` elsewhere is refused (`INVALID_REDIRECT_URI`).",
  auth: 'none',
  body: ResetAdminPasswordRequest,
  response: { data: Done },
  errors: ['INVALID_REDIRECT_URI', 'UNKNOWN_ORGANISATION', 'TOO_MANY_ATTEMPTS'],
  examples: { body: { organisation: 'solvik', email: 'org-admin@solvik.example' } },
});

import { createHash, randomUUID } from 'node:crypto';
import type { CustomerIdentity } from '@gridline/contracts/identity';
import type { LoginRequest } from '@gridline/contracts/auth';
import { parseCompanyIdentity, parsePrivateIdentity } from '@gridline/contracts/identity';
import type { SignInType } from '@gridline/contracts/enums';
import type { SignInServices } from '../../../integrations/sign-in-services.ts';
import { AppError } from '../../../lib/errors.ts';
import type { AuditService } from '../../audit/service.ts';
import type { Organisation } from '../../organisations/service.ts';
import type { ProspectsService } from '../../prospects/service.ts';
import type { AttemptLimiter } from '../attempt-limiter.ts';
import { identityKey, resolveIdentity, type ResolvedIdentity } from '../identities.ts';
import type { AuthRepository, ProcessRow } from '../repository.ts';

/** What every sign-in method works with. */
export interface MethodKit {
  repository: AuthRepository;
  prospects: ProspectsService;
  audit: AuditService;
  services: SignInServices | null;
  /** Failed identity look-ups and sends per client address. */
  addressLimiter: AttemptLimiter;
  /** Codes and links sent per identity (against SMS and mail bombing). */
  sendLimiter: AttemptLimiter;
  now: () => number;
  log: (message: string, error?: unknown) => void;
}

/** Where a request came from: the address BankID wants, and the portal origin links should point at. */
export interface RequestContext {
  address: string;
  origin: string | undefined;
}

export const newRef = () => randomUUID();
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

export function assertOffered(organisation: Organisation, ...types: SignInType[]): void {
  if (!types.some((type) => organisation.signInMethods.includes(type))) throw new AppError('SIGN_IN_METHOD_DISABLED');
}

/** The state a method keeps on its process, typed by the method. */
export const stateOf = <T>(process: ProcessRow) => process.state as T;

/**
 * The identity a customer typed (PIN by SMS, e-mail link): `personalId` for a private customer
 * (a personal number or a customer number), `organisationId` or `customerId` for a company.
 */
export function identityFromLogin(organisation: Organisation, body: LoginRequest, today: string): CustomerIdentity {
  if (body.personalId !== undefined) {
    const parsed = parsePrivateIdentity(organisation.country, body.personalId, today);
    if (!parsed.ok) throw new AppError(parsed.error);
    return parsed.value;
  }
  const company = body.organisationId ?? body.customerId;
  if (company !== undefined) {
    const parsed = parseCompanyIdentity(organisation.country, company, today);
    if (!parsed.ok) throw new AppError(parsed.error);
    return parsed.value;
  }
  throw new AppError('MALFORMED_PERSONAL_NUMBER', { message: 'Give personalId, or organisationId or customerId' });
}

/** Resolves a typed identity; nobody → USER_NOT_FOUND, counted against the address. */
export async function resolveTyped(kit: MethodKit, organisation: Organisation, identity: CustomerIdentity, address: string): Promise<ResolvedIdentity> {
  if (await kit.addressLimiter.isBlocked(address)) throw new AppError('TOO_MANY_ATTEMPTS');
  const resolved = await resolveIdentity(kit.repository, organisation.id, identity);
  if (!resolved) {
    await kit.addressLimiter.fail(address);
    throw new AppError('USER_NOT_FOUND', { message: 'No customer with that identity' });
  }
  return resolved;
}

/** One more code or link for this identity, or TOO_MANY_ATTEMPTS (5 in 15 minutes). */
export async function countSend(kit: MethodKit, organisation: Organisation, identity: CustomerIdentity): Promise<void> {
  if (!(await kit.sendLimiter.take(`${organisation.id}:${identityKey(identity)}`))) throw new AppError('TOO_MANY_ATTEMPTS');
}

/** A sign-in by a message sent to the customer: what `startMessageSignIn` needs to know of it. */
export interface MessageSignIn<State extends object> {
  type: 'USR_PIN' | 'EMAIL_LINK';
  lifetimeMs: number;
  /** Where the message goes (the phone or e-mail on file), and the error when there is none. */
  address: (resolved: ResolvedIdentity) => string | null;
  missingAddress: 'MISSING_PHONE_NUMBER' | 'MISSING_EMAIL';
  /** The process's state and secret for a new ref, and the message's sending. */
  prepare: (ref: string, resolved: ResolvedIdentity, address: string) => { state: State; secretHash?: string; send: () => Promise<unknown> };
  /** 'SMS' or 'e-mail', for the log and the error message. */
  channel: string;
}

/**
 * The steps a sign-in by a sent message shares (a PIN by SMS, a link by e-mail): the identity
 * resolved to a customer with somewhere to send to, the send limit counted, the process created,
 * then the message sent. A message that cannot be sent ends the process in error
 * MESSAGE_NOT_SENT. Answers the new ref, the state and when the process expires.
 */
export async function startMessageSignIn<State extends object>(
  kit: MethodKit, organisation: Organisation, body: LoginRequest, context: RequestContext, sign: MessageSignIn<State>,
): Promise<{ ref: string; state: State; expiresAt: Date }> {
  const identity = identityFromLogin(organisation, body, new Date(kit.now()).toISOString().slice(0, 10));
  const resolved = await resolveTyped(kit, organisation, identity, context.address);
  const address = sign.address(resolved);
  if (!address) throw new AppError(sign.missingAddress);
  await countSend(kit, organisation, identity);

  const ref = newRef();
  const expiresAt = new Date(kit.now() + sign.lifetimeMs);
  const { state, secretHash, send } = sign.prepare(ref, resolved, address);
  await kit.repository.createProcess({
    ref,
    organisationId: organisation.id,
    type: sign.type,
    status: 'process',
    userId: null,
    expiresAt,
    identity: identityKey(identity),
    ...(secretHash === undefined ? {} : { secretHash }),
    state: { ...state } as Record<string, unknown>,
    clientAddress: context.address,
  });
  try {
    await send();
  } catch (error) {
    kit.log(`the sign-in ${sign.channel} could not be sent`, error);
    await kit.repository.updateProcess(ref, { status: 'error', error: 'MESSAGE_NOT_SENT', errorMessage: `The ${sign.channel} could not be sent` }, 'process');
    throw new AppError('MESSAGE_NOT_SENT');
  }
  return { ref, state, expiresAt };
}

/**
 * Finishes a process for whoever the identity belongs to: a user (done), or a customer the
 * provider knows without an account (done, with an account prospect under way; the token call
 * answers 409 until the account exists). Nobody: the process ends in error USER_NOT_FOUND.
 * Only a process still under way is finished; false when another request got there first.
 */
export async function finish(kit: MethodKit, organisation: Organisation, process: ProcessRow, identity: CustomerIdentity, resolved?: ResolvedIdentity | null): Promise<boolean> {
  const who = resolved === undefined ? await resolveIdentity(kit.repository, organisation.id, identity) : resolved;
  if (!who) {
    return kit.repository.updateProcess(
      process.ref,
      { status: 'error', error: 'USER_NOT_FOUND', errorMessage: 'No customer with that identity', identity: identityKey(identity) },
      'process',
    );
  }
  if (who.kind === 'user') {
    const done = await kit.repository.updateProcess(process.ref, { status: 'done', userId: who.userId, identity: identityKey(identity) }, 'process');
    if (done) await kit.repository.touchUser(who.userId);
    return done;
  }
  const prospect = await kit.prospects.begin(organisation.id, who.providerCustomerId, process.ref);
  return kit.repository.updateProcess(process.ref, { status: 'done', identity: identityKey(identity), state: { prospect } }, 'process');
}

/** Ends a process under way with an error key (and a message for logs and API clients). */
export function failProcess(kit: MethodKit, process: ProcessRow, status: 'error' | 'aborted', error: string, errorMessage: string): Promise<boolean> {
  return kit.repository.updateProcess(process.ref, { status, error, errorMessage }, 'process');
}

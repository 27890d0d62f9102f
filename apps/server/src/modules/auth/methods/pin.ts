import { randomInt, timingSafeEqual } from 'node:crypto';
import type { AuthCallbackRequest, AuthProcess, LoginRequest } from '@gridline/contracts/auth';
import { languages, type Language } from '@gridline/contracts/enums';
import { parsePin } from '@gridline/contracts/identity';
import { fillSignInText, signInMessageTexts } from '@gridline/copy/documents/sign-in-messages';
import { AppError } from '../../../lib/errors.ts';
import type { Organisation } from '../../organisations/service.ts';
import { maskPhoneNumber, parseIdentityKey, type ResolvedIdentity } from '../identities.ts';
import type { ProcessRow } from '../repository.ts';
import { assertOffered, failProcess, finish, sha256, startMessageSignIn, stateOf, type MethodKit, type RequestContext } from './kit.ts';

/** A PIN lives 5 minutes and allows 5 wrong tries (issue 5; spec 000 §4.1, §9: 4 digits). */
export const PIN_LIFETIME_MS = 5 * 60_000;
export const PIN_ATTEMPTS = 5;

interface PinState {
  pinHash: string;
  sentTo: string;
  resolved: ResolvedIdentity;
}

export const languageOf = (candidate: string | null, organisation: Organisation): Language =>
  candidate && (languages as readonly string[]).includes(candidate) && organisation.languages.includes(candidate as Language) ? (candidate as Language) : organisation.defaultLanguage;

const pinHash = (ref: string, pin: string) => sha256(`${ref}:${pin}`);

/**
 * PIN by SMS (USR_PIN): an identity (personal number, organisation number or customer number) →
 * a 4-digit PIN sent by SMS to the phone on file → the PIN through the auth callback. A wrong PIN
 * may be tried again until the fifth; then, or after 5 minutes, the process is aborted.
 */
export class PinMethod {
  private readonly kit: MethodKit;
  constructor(kit: MethodKit) {
    this.kit = kit;
  }

  async start(organisation: Organisation, body: LoginRequest, context: RequestContext): Promise<AuthProcess> {
    assertOffered(organisation, 'USR_PIN');
    const sms = this.kit.services?.sms;
    if (!sms) throw new AppError('SIGN_IN_METHOD_DISABLED', { message: 'No SMS gateway is configured' });
    const pin = String(randomInt(0, 10_000)).padStart(4, '0');
    const { ref, state, expiresAt } = await startMessageSignIn<PinState>(this.kit, organisation, body, context, {
      type: 'USR_PIN',
      lifetimeMs: PIN_LIFETIME_MS,
      address: (resolved) => resolved.phoneNumber,
      missingAddress: 'MISSING_PHONE_NUMBER',
      channel: 'SMS',
      prepare: (ref, resolved, phoneNumber) => ({
        state: { pinHash: pinHash(ref, pin), sentTo: maskPhoneNumber(phoneNumber), resolved },
        send: async () => {
          const texts = signInMessageTexts[languageOf(resolved.language, organisation)];
          await sms.send({ to: phoneNumber, text: fillSignInText(texts.pinSms, { pin, organisation: organisation.name, minutes: PIN_LIFETIME_MS / 60_000 }) });
        },
      }),
    });
    return { ref, status: 'process', type: 'USR_PIN', sentTo: state.sentTo, attemptsLeft: PIN_ATTEMPTS, expiresAt: expiresAt.toISOString() };
  }

  async callback(organisation: Organisation, process: ProcessRow, body: AuthCallbackRequest): Promise<AuthProcess> {
    const parsed = parsePin(body.pin ?? '');
    if (!parsed.ok) throw new AppError('MALFORMED_PIN');
    if (process.status === 'done') return { ref: process.ref, status: 'done', type: 'USR_PIN' };
    if (process.status === 'aborted' || process.status === 'error') {
      const key = process.error === 'PIN_ATTEMPTS_EXCEEDED' || process.error === 'PIN_EXPIRED' ? process.error : 'PIN_EXPIRED';
      throw new AppError(key);
    }
    if (process.expires_at.getTime() <= this.kit.now()) {
      await failProcess(this.kit, process, 'aborted', 'PIN_EXPIRED', 'The PIN has expired');
      throw new AppError('PIN_EXPIRED');
    }
    const state = stateOf<PinState>(process);
    const given = Buffer.from(pinHash(process.ref, parsed.value));
    if (given.length === state.pinHash.length && timingSafeEqual(given, Buffer.from(state.pinHash))) {
      const identity = parseIdentityKey(process.identity);
      if (!identity) throw new AppError('AUTH_REF_NOT_FOUND');
      await finish(this.kit, organisation, process, identity, state.resolved);
      const after = await this.kit.repository.findProcess(organisation.id, process.ref);
      return { ref: process.ref, status: (after?.status ?? 'error') as AuthProcess['status'], type: 'USR_PIN' };
    }
    const attempts = await this.kit.repository.addAttempt(process.ref);
    if (attempts === null) throw new AppError('PIN_EXPIRED');
    if (attempts >= PIN_ATTEMPTS) {
      await failProcess(this.kit, process, 'aborted', 'PIN_ATTEMPTS_EXCEEDED', 'Five wrong PINs');
      throw new AppError('PIN_ATTEMPTS_EXCEEDED');
    }
    throw new AppError('WRONG_PIN', { data: { attemptsLeft: PIN_ATTEMPTS - attempts } });
  }

  view(process: ProcessRow): Partial<AuthProcess> {
    const state = stateOf<Partial<PinState>>(process);
    return {
      ...(state.sentTo ? { sentTo: state.sentTo } : {}),
      attemptsLeft: Math.max(0, PIN_ATTEMPTS - process.attempts),
      expiresAt: process.expires_at.toISOString(),
    };
  }
}

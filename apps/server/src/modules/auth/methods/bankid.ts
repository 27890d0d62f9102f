import type { AuthProcess, LoginRequest } from '@gridline/contracts/auth';
import { parseSwedishPersonalNumber } from '@gridline/contracts/identity';
import { BankIdError } from '../../../integrations/bankid/client.ts';
import { animatedQrData, secondsSinceOrder } from '../../../integrations/bankid/qr.ts';
import { AppError } from '../../../lib/errors.ts';
import type { Organisation } from '../../organisations/service.ts';
import type { ProcessRow } from '../repository.ts';
import { assertOffered, failProcess, finish, newRef, stateOf, type MethodKit, type RequestContext } from './kit.ts';

/** How long a BankID sign-in may take in all; the order itself expires sooner (about 3 minutes). */
export const BANKID_PROCESS_LIFETIME_MS = 10 * 60_000;
/** BankID asks relying parties to collect every 2 seconds while an order is pending. */
export const COLLECT_INTERVAL_MS = 2_000;

interface BankIdState {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  qrStartSecret: string;
  orderTime: number;
  otherDevice: boolean;
  hintCode: string;
  lastCollectAt: number;
}

/** BankID's recommended user messages (RFA) in English, for logs and API clients; the portal shows its own texts. */
const failureMessages: Record<string, string> = {
  expiredTransaction: 'RFA8: The BankID app is not responding. Please check that it is started and that you have internet access.',
  certificateErr: 'RFA16: The BankID you are trying to use is blocked or too old.',
  userCancel: 'RFA6: Action cancelled.',
  cancelled: 'RFA3: Action cancelled. Please try again.',
  startFailed: 'RFA17: The BankID app could not be started or the QR code could not be read.',
};

const BANKID_TYPES = ['BANKID', 'BANKID_QR', 'BANKID_OTHER_DEVICE'] as const;
/**
 * The back office's sign-in by BankID (issue 16): a process of its own type, which the customers'
 * status and token calls refuse; only `AuthService.staffBankIdStatus` moves it on and ends it.
 */
export const STAFF_BANKID = 'STAFF_BANKID';

/** What happens once BankID has identified the person: a customer signs in (the default), or an admin's support session starts. */
export type BankIdCompletion = (personalNumber: string) => Promise<unknown>;

/** `::ffff:127.0.0.1` → `127.0.0.1`: BankID wants the end user's address as written. */
const plainAddress = (address: string) => address.replace(/^::ffff:/, '');

/**
 * BankID (RP API v6.0): an order for the user's address, then the order's progress collected
 * every 2 seconds while the client polls the process: pending hint codes as they come, a failed
 * order ends the process in error (the hint code as its error), a complete one signs in whoever
 * the personal number belongs to. The completion data is written to the audit log.
 * Same device: the app is started with the autostart token; other device: an animated QR code.
 */
export class BankIdMethod {
  private readonly kit: MethodKit;
  private readonly collectIntervalMs: number;
  constructor(kit: MethodKit, collectIntervalMs = COLLECT_INTERVAL_MS) {
    this.kit = kit;
    this.collectIntervalMs = collectIntervalMs;
  }

  /** Processes collected as BankID orders: the customer's BankID, the admin's of support mode, and the staff's back-office sign-in. */
  static handles(type: string): boolean {
    return (BANKID_TYPES as readonly string[]).includes(type) || type === 'ADMIN_BANKID' || type === STAFF_BANKID;
  }

  async start(organisation: Organisation, body: LoginRequest, context: RequestContext): Promise<AuthProcess> {
    assertOffered(organisation, ...BANKID_TYPES);
    let personalNumber: string | undefined;
    if (body.personalId) {
      const parsed = parseSwedishPersonalNumber(body.personalId, new Date(this.kit.now()).toISOString().slice(0, 10));
      if (!parsed.ok) throw new AppError(parsed.error);
      personalNumber = parsed.value.value;
    }
    const otherDevice = body.otherDevice ?? body.type !== 'BANKID';
    return this.order(organisation, context, { type: 'BANKID', otherDevice, ...(personalNumber ? { personalNumber } : {}) });
  }

  /**
   * Places a BankID order for the client's address and starts its process: a customer's sign-in
   * (BANKID) or an admin's support session (ADMIN_BANKID, with `state` naming the customer).
   */
  async order(
    organisation: Organisation,
    context: RequestContext,
    options: { type: 'BANKID' | 'ADMIN_BANKID' | typeof STAFF_BANKID; otherDevice: boolean; personalNumber?: string; state?: Record<string, unknown> },
  ): Promise<AuthProcess> {
    const bankid = this.kit.services?.bankid;
    if (!bankid) throw new AppError('SIGN_IN_METHOD_DISABLED', { message: 'BankID is not configured' });
    const { otherDevice, personalNumber } = options;
    let order;
    try {
      order = await bankid.client.auth({ endUserIp: plainAddress(context.address), ...(personalNumber ? { requirement: { personalNumber } } : {}) });
    } catch (error) {
      if (error instanceof BankIdError && error.errorCode === 'alreadyInProgress') throw new AppError('BANKID_ALREADY_IN_PROGRESS');
      this.kit.log('BankID auth failed', error);
      throw new AppError('BANKID_UNAVAILABLE');
    }
    const ref = newRef();
    const now = this.kit.now();
    const state: BankIdState = {
      orderRef: order.orderRef,
      autoStartToken: order.autoStartToken,
      qrStartToken: order.qrStartToken,
      qrStartSecret: order.qrStartSecret,
      orderTime: now,
      otherDevice,
      hintCode: 'outstandingTransaction',
      lastCollectAt: now,
    };
    await this.kit.repository.createProcess({
      ref,
      organisationId: organisation.id,
      type: options.type,
      status: 'process',
      userId: null,
      expiresAt: new Date(now + BANKID_PROCESS_LIFETIME_MS),
      state: { ...options.state, ...state },
      clientAddress: context.address,
    });
    const created = await this.kit.repository.findProcess(organisation.id, ref);
    return { ref, status: 'process', type: options.type as AuthProcess['type'], ...this.view(organisation, created!) };
  }

  /**
   * Collects the order when 2 seconds have passed since the last collect; moves the process on.
   * A complete order is written to the audit log, then `complete` finishes the process (by
   * default: the customer with that personal number signs in).
   */
  async refresh(organisation: Organisation, process: ProcessRow, complete?: BankIdCompletion): Promise<void> {
    const bankid = this.kit.services?.bankid;
    if (!bankid || process.status !== 'process') return;
    const state = stateOf<BankIdState>(process);
    const now = this.kit.now();
    if (now - state.lastCollectAt < this.collectIntervalMs) return;
    let answer;
    try {
      answer = await bankid.client.collect(state.orderRef);
    } catch (error) {
      if (error instanceof BankIdError && error.errorCode === 'invalidParameters') {
        // The order is gone (cancelled elsewhere, or finished too long ago).
        await failProcess(this.kit, process, 'error', 'expiredTransaction', failureMessages.expiredTransaction!);
        return;
      }
      // BankID is out of reach for a moment: keep the process, try again on the next poll.
      this.kit.log('BankID collect failed', error);
      await this.kit.repository.updateProcess(process.ref, { state: { lastCollectAt: now } }, 'process');
      return;
    }
    if (answer.status === 'pending') {
      await this.kit.repository.updateProcess(process.ref, { state: { hintCode: answer.hintCode, lastCollectAt: now } }, 'process');
      return;
    }
    if (answer.status === 'failed') {
      await this.kit.repository.updateProcess(
        process.ref,
        { status: 'error', error: answer.hintCode, errorMessage: failureMessages[answer.hintCode] ?? 'RFA22: Unknown error. Please try again.', state: { hintCode: answer.hintCode, lastCollectAt: now } },
        'process',
      );
      return;
    }
    const { user, device, bankIdIssueDate, signature, ocspResponse } = answer.completionData;
    await this.kit.repository.updateProcess(process.ref, { state: { hintCode: 'complete', lastCollectAt: now } }, 'process');
    const staff = process.type === 'ADMIN_BANKID' || process.type === STAFF_BANKID;
    await this.kit.audit.record({
      organisationId: organisation.id,
      actorType: staff ? 'admin' : 'user',
      actorId: null,
      action: process.type === 'ADMIN_BANKID' ? 'support.bankid' : process.type === STAFF_BANKID ? 'staff.bankid' : 'signin.bankid',
      subjectType: 'auth_process',
      subjectId: process.ref,
      data: { orderRef: state.orderRef, user, device, bankIdIssueDate, signature, ocspResponse },
      address: process.client_address,
    });
    if (complete) await complete(user.personalNumber);
    else await finish(this.kit, organisation, process, { kind: 'personalNumber', value: user.personalNumber });
  }

  async cancel(process: ProcessRow): Promise<void> {
    const bankid = this.kit.services?.bankid;
    const state = stateOf<BankIdState>(process);
    if (bankid && process.status === 'process') {
      await bankid.client.cancel(state.orderRef).catch((error: unknown) => {
        if (!(error instanceof BankIdError && error.errorCode === 'invalidParameters')) this.kit.log('BankID cancel failed', error);
      });
    }
  }

  /** The animated QR code's content right now, while the order waits on another device. */
  qrData(process: ProcessRow): string | null {
    const state = stateOf<BankIdState>(process);
    if (process.status !== 'process' || !state.otherDevice) return null;
    return animatedQrData(state.qrStartToken, state.qrStartSecret, secondsSinceOrder(state.orderTime, this.kit.now()));
  }

  view(organisation: Organisation, process: ProcessRow): Partial<AuthProcess> {
    const state = stateOf<BankIdState>(process);
    const view: Partial<AuthProcess> = { hintCode: state.hintCode };
    if (process.status !== 'process') return view;
    if (state.otherDevice) {
      view.qrCodeUri = `/v3/auth/qr?ref=${encodeURIComponent(process.ref)}&organisation=${encodeURIComponent(organisation.slug)}`;
    } else {
      view.autoStartToken = state.autoStartToken;
      const autoStartUrl = this.kit.services?.bankid?.autoStartUrl(state.autoStartToken);
      if (autoStartUrl) view.autoStartUrl = autoStartUrl;
    }
    return view;
  }
}

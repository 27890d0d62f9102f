import type { AuthProcess } from '@gridline/contracts/auth';

/**
 * The BankID screen's state (spec 000 §4.1): idle; loading (waiting for the app on this
 * device); the QR code (another device); failed (back to method selection); time ran out (try again).
 */
export type BankIdView = 'idle' | 'loading' | 'qr' | 'failed' | 'timedOut';

/** Failure hint codes after which trying again is the way on; the others send the user back to the methods. */
const timeOutHints = new Set(['expiredTransaction']);

export function bankIdView(input: { pending: boolean; process: AuthProcess | null; failureKey: string | null }): BankIdView {
  if (input.pending) return input.process?.qrCodeUri ? 'qr' : 'loading';
  if (input.failureKey === null) return 'idle';
  return timeOutHints.has(input.failureKey) || input.failureKey === 'timeout' ? 'timedOut' : 'failed';
}

/** Which RFA message (BankID's recommended user messages) a hint code calls for. */
export type BankIdMessage =
  | 'RFA1' // start your BankID app
  | 'RFA13' // trying to start your BankID app
  | 'RFA14' // searching for BankID (started)
  | 'RFA9' // enter your security code
  | 'RFA21' // identification in progress
  | 'RFA8' // the app does not respond (expired)
  | 'RFA16' // blocked or too old
  | 'RFA6' // cancelled by the user
  | 'RFA3' // cancelled, try again
  | 'RFA17A' // the app could not be found (same device)
  | 'RFA17B' // the QR code could not be read
  | 'RFA22'; // unknown error

export function bankIdMessage(hintCode: string | undefined, status: 'pending' | 'failed', sameDevice: boolean): BankIdMessage {
  if (status === 'pending') {
    switch (hintCode) {
      case undefined:
      case 'outstandingTransaction':
        return sameDevice ? 'RFA13' : 'RFA1';
      case 'noClient':
        return 'RFA1';
      case 'started':
        return 'RFA14';
      case 'userSign':
        return 'RFA9';
      default:
        return 'RFA21';
    }
  }
  switch (hintCode) {
    case 'expiredTransaction':
      return 'RFA8';
    case 'certificateErr':
      return 'RFA16';
    case 'userCancel':
      return 'RFA6';
    case 'cancelled':
      return 'RFA3';
    case 'startFailed':
      return sameDevice ? 'RFA17A' : 'RFA17B';
    default:
      return 'RFA22';
  }
}

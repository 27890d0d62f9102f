import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthProcess } from '@gridline/contracts/auth';
import type { SignInStart } from '@gridline/client/api-client';
import { client } from '../../shared/api/client.ts';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { errorKey, errorText } from '../../shared/errors.ts';
import { bankIdMessage, bankIdView, type BankIdMessage } from './bankid-states.ts';
import { useAuthorize, useStartSignIn } from './use-sign-in.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** The QR code is asked for again every second (spec 000 §9). */
const QR_REFRESH_MS = 1000;
const QR_SIZE = 300;

const BANKID_LOGO = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40"><rect x="1" y="8" width="24" height="24" rx="5" fill="none" stroke="#193e4f" stroke-width="3"/><path d="M8 15h6a4 4 0 0 1 0 8H8z" fill="#193e4f"/><text x="32" y="28" font-family="Arial, sans-serif" font-size="21" font-weight="700" fill="#193e4f">BankID</text></svg>',
)}`;

/** Shown when the QR image cannot be loaded (spec 000 §2.5). */
const QR_FALLBACK = `data:image/svg+xml;base64,${btoa(
  '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300"><rect width="300" height="300" fill="#f3f4f6"/><rect x="40" y="40" width="70" height="70" fill="none" stroke="#6b7280" stroke-width="10"/><rect x="190" y="40" width="70" height="70" fill="none" stroke="#6b7280" stroke-width="10"/><rect x="40" y="190" width="70" height="70" fill="none" stroke="#6b7280" stroke-width="10"/><path d="M190 190h70v70h-70z" fill="#d1d5db"/><path d="M150 125v50M125 150h50" stroke="#6b7280" stroke-width="10"/></svg>',
)}`;

/** BankID's recommended user message (RFA) in the user's language. */
function useBankIdText() {
  const { t } = useTranslation('shared');
  return (message: BankIdMessage): string => {
    switch (message) {
      case 'RFA1':
        return t('bankid.outstandingTransaction');
      case 'RFA13':
        return t('bankid.outstandingTransactionSameDevice');
      case 'RFA14':
        return t('bankid.started');
      case 'RFA9':
        return t('bankid.userSign');
      case 'RFA21':
        return t('bankid.inProgress');
      case 'RFA8':
        return t('bankid.expiredTransaction');
      case 'RFA16':
        return t('bankid.certificateErr');
      case 'RFA6':
        return t('bankid.userCancel');
      case 'RFA3':
        return t('bankid.cancelled');
      case 'RFA17A':
        return t('bankid.startFailedSameDevice');
      case 'RFA17B':
        return t('bankid.startFailed');
      case 'RFA22':
        return t('bankid.unknownError');
    }
  };
}

/**
 * Support mode's admin BankID (ADMIN_BANKID): the admin identifies with their own BankID on
 * behalf of the customer the support form names.
 */
export interface SupportBankId {
  /** The customer fields for the start, or `null` while they are incomplete (the support form then says why). */
  customer(): Pick<SignInStart, 'asPersonalId' | 'asCustomerId' | 'asUsername'> | null;
  /** The support form's own text for a failure, when it has one (an admin not found, a customer not found). */
  failureText(key: string | null): string | null;
}

/** Hint codes a failed order ends with: their messages are BankID's; anything else is one of ours. */
const hintCodes = new Set(['expiredTransaction', 'certificateErr', 'userCancel', 'cancelled', 'startFailed', 'userDeclinedCall', 'notSupportedByUserApp', 'transactionRiskBlocked']);

/**
 * BankID (spec 000 §2.5, §4.1): on this device (the app is started with the order's autostart
 * address) or, with USE_BANKID_QRCODE, on another device with the animated QR code, refreshed every
 * second. The messages follow BankID's hint codes. A failure leads back to the method selection;
 * when time ran out, the user may try again. NO_BANKID_LOGO hides the BankID logo.
 */
export function BankIdForm({ onBack, support }: { onBack: () => void; support?: SupportBankId }) {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const bankIdText = useBankIdText();
  const start = useStartSignIn();
  const authorize = useAuthorize();
  const [process, setProcess] = useState<AuthProcess | null>(null);
  const [sameDevice, setSameDevice] = useState(true);
  const [tick, setTick] = useState(0);
  const [qrBroken, setQrBroken] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const offerQr = hasFlag(organisation, 'USE_BANKID_QRCODE');

  const failure = start.error ?? authorize.error;
  const failureKey = failure ? errorKey(failure) : null;
  const view = bankIdView({ pending: start.isPending || authorize.isPending, process, failureKey });

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(() => {
    if (view !== 'qr') return;
    const timer = setInterval(() => setTick((n) => n + 1), QR_REFRESH_MS);
    return () => clearInterval(timer);
  }, [view]);

  const begin = (otherDevice: boolean) => {
    const customer = support ? support.customer() : {};
    if (customer === null) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setSameDevice(!otherDevice);
    setProcess(null);
    setQrBroken(false);
    authorize.reset();
    start.mutate(
      { type: support ? 'ADMIN_BANKID' : 'BANKID', otherDevice, ...customer },
      {
        onSuccess: (started) => {
          setProcess(started);
          // The real app opens from its own scheme; the local test app opens in a tab of its own.
          if (!otherDevice && started.autoStartUrl?.startsWith('bankid:')) window.location.assign(started.autoStartUrl);
          authorize.mutate({ ref: started.ref, onProgress: setProcess, signal: abort.signal });
        },
      },
    );
  };

  const cancel = () => {
    controller.current?.abort();
    if (process) void client.cancelSignIn(process.ref);
    setProcess(null);
    start.reset();
    authorize.reset();
  };

  const logo = hasFlag(organisation, 'NO_BANKID_LOGO') ? null : <img className="bankid-logo" src={BANKID_LOGO} alt="BankID" width={120} height={40} />;
  const status = bankIdText(bankIdMessage(process?.hintCode, 'pending', sameDevice));

  if (view === 'idle') {
    return (
      <div className="form bankid">
        {logo}
        <button type="button" className="button button-primary button-block" onClick={() => begin(false)}>
          {t('login.bankidSameDevice')}
        </button>
        {offerQr ? (
          <button type="button" className="button button-secondary button-block" onClick={() => begin(true)}>
            {t('login.bankidOtherDevice')}
          </button>
        ) : null}
      </div>
    );
  }

  if (view === 'failed' || view === 'timedOut') {
    const message =
      support?.failureText(failureKey) ??
      (failureKey && hintCodes.has(failureKey)
        ? bankIdText(bankIdMessage(failureKey, 'failed', sameDevice))
        : failureKey === 'USER_NOT_FOUND'
          ? t('shared:errors.MISSING_USER')
          : failureKey === 'timeout'
            ? bankIdText('RFA8')
            : errorText(failure, i18n));
    return (
      <div className="form bankid">
        {logo}
        <ErrorAlert>{message}</ErrorAlert>
        {view === 'timedOut' ? (
          <button type="button" className="button button-primary button-block" onClick={() => begin(!sameDevice)}>
            {t('login.tryAgain')}
          </button>
        ) : null}
        <button type="button" className={`button button-block ${view === 'timedOut' ? 'button-ghost' : 'button-primary'}`} onClick={onBack}>
          {t('login.chooseAnotherMethod')}
        </button>
      </div>
    );
  }

  return (
    <div className="form bankid">
      {logo}
      {view === 'qr' && process?.qrCodeUri ? (
        <div className="bankid-qr">
          <h2 className="login-step-title">{t('login.bankidQrTitle')}</h2>
          <ol className="bankid-steps">
            <li>{t('login.bankidQrText1')}</li>
            <li>{t('login.bankidQrText2')}</li>
            <li>{t('login.bankidQrText3')}</li>
          </ol>
          <img
            className="bankid-qr-image"
            src={qrBroken ? QR_FALLBACK : `${process.qrCodeUri}&t=${tick}`}
            width={QR_SIZE}
            height={QR_SIZE}
            alt={qrBroken ? t('login.bankidQrFallback') : t('login.bankidQrAlt')}
            onError={() => setQrBroken(true)}
          />
        </div>
      ) : (
        <div className="spinner-row spinner-large" aria-hidden="true">
          <span className="spinner" />
        </div>
      )}
      <p className="bankid-status" role="status">
        {status}
      </p>
      {view === 'loading' && process?.autoStartUrl && !process.autoStartUrl.startsWith('bankid:') ? (
        <a className="button button-secondary button-block" href={process.autoStartUrl} target="_blank" rel="noopener">
          {t('login.bankidStartApp')}
          <span className="visually-hidden"> ({t('shared:opensInNewWindow')})</span>
        </a>
      ) : view === 'loading' && process?.autoStartUrl ? (
        <a className="button button-secondary button-block" href={process.autoStartUrl}>
          {t('login.bankidStartApp')}
        </a>
      ) : null}
      <button type="button" className="button button-ghost button-block" onClick={cancel}>
        {t('login.cancel')}
      </button>
    </div>
  );
}

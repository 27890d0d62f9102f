import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAnyIdentity, parseCompanyIdentity, parsePrivateIdentity, type CustomerIdentity } from '@gridline/contracts/identity';
import type { Country } from '@gridline/contracts/enums';
import { ApiError } from '@gridline/client/errors';
import { errorKey, errorText } from '../../shared/errors.ts';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

/** Whose identity the form asks for: a private customer, a company, or either (PIN by SMS). */
export type IdentityKind = 'private' | 'company' | 'any';

/** What the sign-in call takes for an identity (spec 000 §3: personalId, organisationId, customerId). */
export type IdentityPayload = { personalId: string } | { organisationId: string } | { customerId: string };

export function identityPayload(kind: IdentityKind, identity: CustomerIdentity, typed: string): IdentityPayload {
  if (identity.kind === 'personalNumber') return { personalId: typed };
  if (identity.kind === 'organisationNumber') return { organisationId: typed };
  return kind === 'private' ? { personalId: typed } : { customerId: typed };
}

function parse(kind: IdentityKind, country: Country, typed: string) {
  if (kind === 'private') return parsePrivateIdentity(country, typed);
  if (kind === 'company') return parseCompanyIdentity(country, typed);
  return parseAnyIdentity(country, typed);
}

/** Errors about the identity itself are shown under the field; the rest above the form. */
const fieldErrors = new Set(['MALFORMED_PERSONAL_NUMBER', 'MALFORMED_ORGANISATION_NUMBER', 'USER_NOT_FOUND', 'MISSING_PHONE_NUMBER', 'MISSING_EMAIL']);

interface IdentityFormProps {
  kind: IdentityKind;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The failure of the last submit, if any. */
  error: unknown;
  onSubmit: (payload: IdentityPayload) => void;
  children?: ReactNode;
}

/**
 * One identity field (personal number, organisation number or customer number) checked with the
 * same rules as the server before anything is sent; a rule broken is shown under the field in
 * the user's language (spec 000 §5).
 */
export function IdentityForm({ kind, submitLabel, pendingLabel, pending, error, onSubmit, children }: IdentityFormProps) {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const [value, setValue] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const id = useId();
  const inputId = `${id}-identity`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const keyText = (key: string) => errorText(new ApiError({ status: 400, key, message: key }), i18n);
  const identityErrorText = (key: string): string => key === 'USER_NOT_FOUND' ? t('login.identityNotFound') : keyText(key);
  const serverKey = error ? errorKey(error) : null;
  const fieldMessage = localError ?? (error && serverKey && fieldErrors.has(serverKey) ? identityErrorText(serverKey) : null);
  const formMessage = error && !fieldMessage ? errorText(error, i18n) : null;


  const label =
    kind === 'company' ? t('login.identityCompany') : kind === 'any' ? t('login.identityAny') : organisation.country === 'AT' ? t('login.customerNumber') : t('login.identityPrivate');
  const hint =
    kind === 'company'
      ? t('login.identityHintCompany')
      : organisation.country === 'SE'
        ? t('login.identityHintSE')
        : organisation.country === 'FI'
          ? t('login.identityHintFI')
          : organisation.country === 'NO'
            ? t('login.identityHintNO')
            : t('login.identityHintAT');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const typed = value.trim();
    const parsed = parse(kind, organisation.country, typed);
    if (!parsed.ok) {
      setLocalError(keyText(parsed.error));
      return;
    }
    setLocalError(null);
    onSubmit(identityPayload(kind, parsed.value, typed));
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {formMessage ? <ErrorAlert>{formMessage}</ErrorAlert> : null}
      <div className="field">
        <label htmlFor={inputId}>{label}</label>
        <span id={hintId} className="field-hint">
          {hint}
        </span>
        <input
          id={inputId}
          name="identity"
          type="text"
          inputMode={kind === 'company' || organisation.country !== 'FI' ? 'numeric' : 'text'}
          autoComplete="off"
          spellCheck={false}
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setLocalError(null);
          }}
          aria-invalid={fieldMessage ? true : undefined}
          aria-describedby={fieldMessage ? `${hintId} ${errorId}` : hintId}
        />
        {fieldMessage ? (
          <p id={errorId} className="field-error" role="alert">
            {fieldMessage}
          </p>
        ) : null}
      </div>
      {children}
      <button type="submit" className="button button-primary button-block" aria-disabled={pending || undefined}>
        {pending ? <span className="spinner spinner-inline" aria-hidden="true" /> : null}
        <span>{submitLabel}</span>
      </button>
      {pending ? (
        <p className="visually-hidden" role="status">
          {pendingLabel}
        </p>
      ) : null}
    </form>
  );
}

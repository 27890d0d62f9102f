import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { contactProblem, EMAIL_MAX_LENGTH, type ContactField as Field } from '@gridline/contracts/contact';
import { formatNumber } from '@gridline/locale/numbers';
import { READ_ONLY_NOTE_ID, useReadOnlySession } from '../../shared/api/read-only-session.ts';
import { errorKey, errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { useUpdateContact } from './use-update-contact.ts';

interface ContactFieldProps {
  field: Field;
  userId: string;
  value: string | null;
  /** The organisation lets customers change this detail (EDITABLE_CONTACT_DETAILS, EDITABLE_CONTACT_TYPES). */
  editable: boolean;
  /** Saving needs a selected location with an account (spec 000 §4.6). */
  blocked: boolean;
  /** Called when a change starts, and with the saved field once saved, for the page's confirmation. */
  onEdit(): void;
  onSaved(field: Field): void;
}

/**
 * One contact detail (spec 000 §2.10, §4.6): its value and a change button; changing shows an
 * input with save and cancel. Save is enabled only for a valid value (the rules of
 * `@gridline/contracts/contact`, the same the server applies) and while saving is not blocked.
 */
export function ContactField({ field, userId, value, editable, blocked, onEdit, onSaved }: ContactFieldProps) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const update = useUpdateContact();
  // A support session reads only: the change button is there, disabled, and says why.
  const readOnly = useReadOnlySession();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  // A contact detail is a way to sign in: the server asks for the current password unless the
  // sign-in is recent (REAUTHENTICATION_REQUIRED), and then the form asks for it too.
  const [needsPassword, setNeedsPassword] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const changeRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const id = useId();

  const isEmail = field === 'email';
  const label = isEmail ? t('account.email') : t('account.phoneNumber');
  const candidate = draft.trim();
  const problem = contactProblem(field, candidate);
  const showProblem = problem !== null && candidate !== '';
  const max = formatNumber(EMAIL_MAX_LENGTH, language);
  const hint = isEmail ? t('account.emailHint', { max }) : t('account.phoneHint');
  const problemText = isEmail ? t('account.emailError', { max }) : t('account.phoneError');
  const canSave = problem === null && !blocked && !update.isPending && (!needsPassword || currentPassword !== '');

  useEffect(() => {
    if (needsPassword) passwordRef.current?.focus();
  }, [needsPassword]);

  useEffect(() => {
    if (editing) inputRef.current?.focus();
    else if (returnFocus.current) {
      returnFocus.current = false;
      changeRef.current?.focus();
    }
  }, [editing]);

  const start = () => {
    update.reset();
    onEdit();
    setDraft(value ?? '');
    setNeedsPassword(false);
    setCurrentPassword('');
    setEditing(true);
  };
  const stop = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSave) return;
    const changes = isEmail ? { email: candidate } : { phoneNumber: candidate };
    update.mutate(
      { userId, changes: needsPassword ? { ...changes, currentPassword } : changes },
      {
        onSuccess: () => {
          stop();
          onSaved(field);
        },
        onError: (error) => {
          const key = errorKey(error);
          if (key === 'REAUTHENTICATION_REQUIRED' || key === 'CURRENT_PASSWORD_WRONG') {
            setNeedsPassword(true);
            setCurrentPassword('');
            passwordRef.current?.focus();
          }
        },
      },
    );
  };

  if (!editing) {
    return (
      <div className="contact-row">
        <dt>{label}</dt>
        <dd>
          <span className="contact-value">{value ? value : <span className="muted">{t('account.notGiven')}</span>}</span>
          {editable ? (
            <button
              ref={changeRef}
              type="button"
              className="button button-secondary button-small"
              onClick={start}
              disabled={readOnly}
              aria-describedby={readOnly ? READ_ONLY_NOTE_ID : undefined}
            >
              {isEmail ? t('account.changeEmail') : t('account.changePhoneNumber')}
            </button>
          ) : null}
        </dd>
      </div>
    );
  }

  const describedBy = [`${id}-hint`, showProblem ? `${id}-problem` : null, update.isError ? `${id}-error` : null, blocked ? `${id}-blocked` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="contact-row contact-row-editing">
      <dt>
        <label htmlFor={`${id}-input`}>{label}</label>
      </dt>
      <dd>
        <form className="contact-form" onSubmit={submit} noValidate aria-label={label}>
          <div className="field contact-input">
            <input
              ref={inputRef}
              id={`${id}-input`}
              type={isEmail ? 'email' : 'tel'}
              autoComplete={isEmail ? 'email' : 'tel'}
              inputMode={isEmail ? 'email' : 'tel'}
              maxLength={isEmail ? EMAIL_MAX_LENGTH : 24}
              value={draft}
              aria-invalid={showProblem || undefined}
              aria-describedby={describedBy}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  stop();
                }
              }}
            />
            <p id={`${id}-hint`} className="field-hint">
              {hint}
            </p>
            {showProblem ? (
              <p id={`${id}-problem`} className="field-error">
                {problemText}
              </p>
            ) : null}
            {blocked ? (
              <p id={`${id}-blocked`} className="field-error">
                {t('account.noAccount')}
              </p>
            ) : null}
            {update.isError ? (
              <p id={`${id}-error`} className="field-error" role="alert">
                {errorText(update.error, i18n)}
              </p>
            ) : null}
          </div>
          {needsPassword ? (
            <div className="field contact-input">
              <label htmlFor={`${id}-password`}>{t('account.currentPassword')}</label>
              <input
                ref={passwordRef}
                id={`${id}-password`}
                type="password"
                autoComplete="current-password"
                maxLength={128}
                value={currentPassword}
                aria-describedby={`${id}-password-hint`}
                aria-required="true"
                onChange={(event) => setCurrentPassword(event.target.value)}
              />
              <p id={`${id}-password-hint`} className="field-hint">
                {t('account.currentPasswordHint')}
              </p>
            </div>
          ) : null}
          <div className="contact-actions">
            <button type="submit" className="button button-primary button-small" disabled={!canSave} aria-busy={update.isPending || undefined}>
              {update.isPending ? t('account.saving') : t('account.save')}
            </button>
            <button type="button" className="button button-ghost button-small" onClick={stop}>
              {t('account.cancel')}
            </button>
          </div>
        </form>
      </dd>
    </div>
  );
}

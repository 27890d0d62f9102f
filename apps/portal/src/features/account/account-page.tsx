import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isContactEditable, type ContactField as Field } from '@gridline/contracts/contact';
import { formatNamePart, formatPersonName } from '@gridline/locale/names';
import { hasFlag, useOrganisation } from '../../shared/api/organisation.ts';
import { useSaveLanguage } from '../../shared/api/user.ts';
import { errorKey, errorText } from '../../shared/errors.ts';
import { useOrganisationLinks } from '../../shared/external-links.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { LanguageSelect } from '../../shared/ui/language-select.tsx';
import { useCurrentUser } from '../../shared/user/current-user.ts';
import { ContactField } from './contact-field.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';
import './account.css';

/**
 * Account settings (spec 000 §2.10, §4.6): the name (full, or first and last, by SHOW_FULL_NAME),
 * the selected location's address, the e-mail and phone number each with change, save and
 * cancel, the language (applied at once and saved to the user), the organisation's frame
 * (IFRAME_EMBEDS, `organisation:urls.accountFrame`), and the request to delete the account
 * (decision 0042).
 */
export default function AccountPage() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const user = useCurrentUser();
  const { selected } = useSelectedLocation();
  const { languages } = useLanguage();
  const links = useOrganisationLinks();
  const saveLanguage = useSaveLanguage();
  const [saved, setSaved] = useState<Field | null>(null);
  const detailsId = useId();
  const contactId = useId();
  const languageId = useId();
  const languageErrorId = useId();

  const fullName = hasFlag(organisation, 'SHOW_FULL_NAME');
  const blocked = !selected?.accountId;
  const frame = hasFlag(organisation, 'IFRAME_EMBEDS') ? links.accountFrame : null;
  const position = selected?.position;

  return (
    <div className="page-content">
      <section className="card" aria-labelledby={detailsId}>
        <h2 id={detailsId}>{t('account.detailsTitle')}</h2>
        <dl className="account-list">
          {fullName ? (
            <div className="account-row">
              <dt>{t('account.name')}</dt>
              <dd>{formatPersonName(user)}</dd>
            </div>
          ) : (
            <>
              <div className="account-row">
                <dt>{t('account.firstName')}</dt>
                <dd>{formatNamePart(user.firstName)}</dd>
              </div>
              <div className="account-row">
                <dt>{t('account.lastName')}</dt>
                <dd>{formatNamePart(user.lastName)}</dd>
              </div>
            </>
          )}
          <div className="account-row">
            <dt>{t('account.address')}</dt>
            <dd>
              {position ? (
                <>
                  {position.address}
                  <br />
                  {`${position.zipcode} ${position.city}`.trim()}
                </>
              ) : (
                <span className="muted">{t('account.noAddress')}</span>
              )}
            </dd>
          </div>
        </dl>
      </section>

      <section className="card" aria-labelledby={contactId}>
        <h2 id={contactId}>{t('account.contactTitle')}</h2>
        <dl className="account-list">
          {(['email', 'phoneNumber'] as const).map((field) => (
            <ContactField
              key={`${field}-${user._id}`}
              field={field}
              userId={user._id}
              value={field === 'email' ? user.email : user.phoneNumber}
              editable={isContactEditable(organisation.flags, field)}
              blocked={blocked}
              onEdit={() => setSaved(null)}
              onSaved={setSaved}
            />
          ))}
        </dl>
        <p className="account-saved" role="status">
          {saved === 'email' ? t('account.emailSaved') : saved === 'phoneNumber' ? t('account.phoneNumberSaved') : ''}
        </p>
      </section>

      {languages.length > 1 ? (
        <section className="card" aria-labelledby={languageId}>
          <h2 id={languageId}>{t('account.languageTitle')}</h2>
          <p className="muted">{t('account.languageIntro')}</p>
          <form className="account-language" onSubmit={(event) => event.preventDefault()} aria-labelledby={languageId}>
            <LanguageSelect onChosen={(language) => saveLanguage.mutate(language)} describedBy={saveLanguage.isError ? languageErrorId : undefined} />
            {saveLanguage.isError ? (
              <p id={languageErrorId} className="field-error" role="alert">
                {errorKey(saveLanguage.error) === 'LANGUAGE_NOT_OFFERED' ? errorText(saveLanguage.error, i18n) : t('shared:language.saveError')}
              </p>
            ) : null}
          </form>
        </section>
      ) : null}

      {frame ? (
        <section className="card account-frame-card">
          <iframe className="account-frame" src={frame} title={t('account.frameTitle')} />
        </section>
      ) : null}

      <DeleteAccountSection requestedAt={user.deletionRequestedAt} timeZone={selected?.timeZone} />
    </div>
  );
}

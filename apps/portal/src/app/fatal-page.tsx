import { useEffect, useRef } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { client } from '../shared/api/client.ts';
import { useOrganisation } from '../shared/api/organisation.ts';
import { useSignOut } from '../shared/api/sign-out.ts';
import { readFatalDisruption } from '../shared/disruption.ts';
import { paths } from '../shared/paths.ts';

/**
 * The fatal disruption screen (spec 000 §2.1, §2.4): the disruption's title and message and a
 * contact link. Arriving here signs a signed-in user out; without a disruption in the router
 * state the visitor goes to login.
 */
export default function FatalPage() {
  const { t, i18n } = useTranslation('my-pages');
  const disruption = readFatalDisruption(useLocation().state);
  const signOut = useSignOut();
  const organisation = useOrganisation();
  const signedOut = useRef(false);

  useEffect(() => {
    if (!disruption || signedOut.current || !client.session.isSignedIn()) return;
    signedOut.current = true;
    signOut.mutate();
  }, [disruption, signOut]);

  const title = disruption?.title || t('fatal.title');
  useEffect(() => {
    document.title = title;
  }, [title]);

  if (!disruption) return <Navigate to={paths.login} replace />;

  // The organisation's contact address comes from its own copy texts, else from the contact
  // details of its release (e-mail, then phone).
  const contactUrl = i18n.exists('contactUrl', { ns: 'organisation' })
    ? t('contactUrl', { ns: 'organisation' })
    : i18n.exists('email', { ns: 'organisation' })
      ? `mailto:${t('email', { ns: 'organisation' })}`
      : organisation.contact.email
        ? `mailto:${organisation.contact.email}`
        : organisation.contact.phone
          ? `tel:${organisation.contact.phone.replace(/[^\d+]/g, '')}`
          : null;

  return (
    <main className="center-page" id="main">
      <div className="card center-card fatal-card" role="alert">
        <h1>{title}</h1>
        <p>{disruption.message}</p>
        {contactUrl ? (
          <p>
            <a href={contactUrl}>{t('fatal.contact')}</a>
          </p>
        ) : null}
        <Link to={paths.login}>{t('fatal.signIn')}</Link>
      </div>
    </main>
  );
}

import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IdentityForm } from './identity-form.tsx';
import { useStartSignIn } from './use-sign-in.ts';

/**
 * Sign-in by e-mail link, private customer or company (spec 000 §2.5): the identity, then a link
 * by e-mail. The link opens this page with its `ref` in the address, which signs in (on any
 * device, once, within 15 minutes); this tab only says where the link went.
 */
export function EmailLinkForm({ company }: { company: boolean }) {
  const { t } = useTranslation();
  const start = useStartSignIn();
  const sentRef = useRef<HTMLDivElement>(null);

  if (start.isSuccess) {
    return (
      <div className="form login-sent" ref={sentRef}>
        <h2 className="login-step-title">{t('login.linkSentTitle')}</h2>
        <p role="status">{t('login.linkSent', { email: start.data.sentTo ?? '' })}</p>
        <p className="muted">{t('login.linkValidity')}</p>
        <button type="button" className="button button-secondary button-block" onClick={() => start.reset()}>
          {t('login.linkAgain')}
        </button>
      </div>
    );
  }

  return (
    <IdentityForm
      kind={company ? 'company' : 'private'}
      submitLabel={t('login.sendLink')}
      pendingLabel={t('login.sendingLink')}
      pending={start.isPending}
      error={start.error}
      onSubmit={(identity) => start.mutate({ type: 'EMAIL_LINK', ...identity })}
    />
  );
}

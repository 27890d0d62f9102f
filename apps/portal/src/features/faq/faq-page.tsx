import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { useFaqSections, type FaqSection, type FaqTopic } from '../../shared/faq/faq-items.ts';
import { accessibilityStatementUrl, phoneHref } from '../../shared/faq/help-links.ts';
import { paths } from '../../shared/paths.ts';
import { useUnreadAnswers } from '../../shared/support/support-messages.ts';
import { UnreadBadge } from '../../shared/support/unread-badge.tsx';
import './faq.css';

/** An answer's paragraphs: a blank line between them in the copy text. */
const paragraphs = (text: string) =>
  text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean);

function FaqTopicBlock({ section, title }: { section: FaqSection; title: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="faq-topic">
      <h3 className="faq-topic-heading">
        <button type="button" className="faq-topic-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((value) => !value)}>
          <span>{title}</span>
          <span className="faq-topic-count" aria-hidden="true">
            {section.pairs.length}
          </span>
          <svg className="faq-chevron" width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </button>
      </h3>
      <div id={panelId} className="faq-topic-panel" hidden={!open}>
        {section.pairs.map((pair) => (
          <details key={pair.key} className="faq-item">
            <summary>{pair.question}</summary>
            <div className="faq-answer">
              {paragraphs(pair.answer).map((paragraph, index) => (
                <p key={index}>{paragraph}</p>
              ))}
            </div>
          </details>
        ))}
      </div>
    </div>
  );
}

/**
 * Help and FAQ (spec 000 §2.12): the contact block (e-mail, phone, opening hours, an extra line,
 * the accessibility statement with the organisation as `org`) and the FAQ topics, each a
 * collapsible list of questions whose answers open one by one. The title and the location
 * selector are the frame's. Between them, the way to the messages with customer service with
 * the count of unread answers (decision 0047). The route is absent with `HIDE_FAQ` or without FAQ items
 * (app/flagged-routes.tsx).
 */
export default function FaqPage() {
  const { t, i18n } = useTranslation();
  const organisation = useOrganisation();
  const sections = useFaqSections();
  const contactId = useId();
  const topicsId = useId();
  const messagesId = useId();
  const unread = useUnreadAnswers();

  // The provider's own texts; the platform has none, so each is asked for first.
  const openingHours = i18n.exists('contact.openingHours', { ns: 'organisation' }) ? t('contact.openingHours', { ns: 'organisation' }).trim() : '';
  const extraInfo = i18n.exists('contact.extraInfo', { ns: 'organisation' }) ? t('contact.extraInfo', { ns: 'organisation' }).trim() : '';
  const statement = accessibilityStatementUrl(
    i18n.exists('urls.accessibilityStatement', { ns: 'organisation' }) ? t('urls.accessibilityStatement', { ns: 'organisation' }) : null,
    organisation.slug,
  );
  const { email, phone } = organisation.contact;
  const phoneLink = phone ? phoneHref(phone) : null;
  const topicTitles: Record<FaqTopic, string> = {
    invoices: t('faq.topics.invoices'),
    agreements: t('faq.topics.agreements'),
    app: t('faq.topics.app'),
    misc: t('faq.topics.misc'),
    environment: t('faq.topics.environment'),
  };

  return (
    <div className="page-content faq-page">
      <section className="card faq-contact" aria-labelledby={contactId}>
        <h2 id={contactId}>{t('faq.contactTitle')}</h2>
        <p className="faq-contact-intro">{t('faq.contactIntro')}</p>
        <dl className="faq-contact-list">
          {email ? (
            <div>
              <dt>{t('faq.email')}</dt>
              <dd>
                <a href={`mailto:${email}`}>{email}</a>
              </dd>
            </div>
          ) : null}
          {phone ? (
            <div>
              <dt>{t('faq.phone')}</dt>
              <dd>{phoneLink ? <a href={phoneLink}>{phone}</a> : phone}</dd>
            </div>
          ) : null}
          {openingHours ? (
            <div>
              <dt>{t('faq.openingHours')}</dt>
              <dd>{openingHours}</dd>
            </div>
          ) : null}
        </dl>
        {extraInfo ? <p className="faq-extra">{extraInfo}</p> : null}
        {statement ? (
          <p className="faq-accessibility">
            <a href={statement} target="_blank" rel="noopener noreferrer">
              {t('faq.accessibility')}
              <span className="visually-hidden">{` (${t('shared:opensInNewWindow')})`}</span>
            </a>
          </p>
        ) : null}
      </section>
      <section className="card faq-messages" aria-labelledby={messagesId}>
        <h2 id={messagesId}>{t('messages.helpTitle')}</h2>
        <p className="faq-contact-intro">{t('messages.helpIntro')}</p>
        <Link to={paths.messages} className="button button-secondary faq-messages-link">
          <span>{t('messages.nav')}</span>
          <UnreadBadge count={unread} />
        </Link>
      </section>
      <section className="card faq-topics" aria-labelledby={topicsId}>
        <h2 id={topicsId}>{t('faq.topicsTitle')}</h2>
        {sections.map((section) => (
          <FaqTopicBlock key={section.topic} section={section} title={topicTitles[section.topic]} />
        ))}
      </section>
    </div>
  );
}

import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SUPPORT_TEXT_MAX, supportTextProblem, type SupportMessage } from '@gridline/contracts/support';
import { formatDateTime } from '@gridline/locale/dates';
import { client } from '../../shared/api/client.ts';
import { READ_ONLY_NOTE_ID, useReadOnlySession } from '../../shared/api/read-only-session.ts';
import { errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { useSelectedLocation } from '../../shared/location/selected-location.ts';
import { supportMessagesQuery } from '../../shared/support/support-messages.ts';
import './messages.css';

/**
 * Messages with customer service (spec 001 §7 "Support"; issue 17, decision 0047): the
 * conversation, oldest first, with customer service's new answers marked (opening the page marks
 * them read, except in a support session, which changes nothing), and a form for a new message
 * with the server's rules (1–2000 characters) checked before sending.
 */
export default function MessagesPage() {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const { selected } = useSelectedLocation();
  const readOnly = useReadOnlySession();
  const queryClient = useQueryClient();
  const conversationId = useId();
  const formId = useId();
  const fieldId = useId();
  const [text, setText] = useState('');
  const [tried, setTried] = useState(false);
  const [sentNote, setSentNote] = useState(false);
  const endRef = useRef<HTMLLIElement>(null);

  // What was unread when the page opened stays marked "new" while the page is open.
  const [unreadOnOpen, setUnreadOnOpen] = useState<ReadonlySet<string> | null>(null);
  const conversation = useQuery({
    queryKey: ['support-messages', 'opened', readOnly],
    queryFn: async () => {
      const before = queryClient.getQueryData<SupportMessage[]>(supportMessagesQuery().queryKey);
      const messages = await client.getSupportMessages(!readOnly);
      setUnreadOnOpen((current) => current ?? new Set((before ?? messages).filter((m) => m.from === 'support' && !m.read).map((m) => m._id)));
      if (!readOnly) queryClient.setQueryData(supportMessagesQuery().queryKey, messages);
      return messages;
    },
    refetchInterval: 60_000,
  });

  const send = useMutation({
    mutationFn: (value: string) => client.sendSupportMessage(value),
    onSuccess: (message) => {
      setText('');
      setTried(false);
      setSentNote(true);
      const add = (list: SupportMessage[] | undefined) => (list ? [...list, message] : list);
      queryClient.setQueryData(['support-messages', 'opened', readOnly], add);
      queryClient.setQueryData(supportMessagesQuery().queryKey, add);
    },
  });

  const messages = conversation.data ?? [];
  useEffect(() => {
    if (messages.length > 0) endRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length]);

  const problem = supportTextProblem(text);
  const showProblem = tried && problem !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    setSentNote(false);
    if (problem || readOnly) return;
    send.mutate(text);
  };
  const when = (value: string) => formatDateTime(value, language, selected?.timeZone);
  const describedBy = [
    `${fieldId}-hint`,
    showProblem ? `${fieldId}-problem` : null,
    send.isError ? `${fieldId}-error` : null,
    readOnly ? READ_ONLY_NOTE_ID : null,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <div className="page-content messages-page">
      <p className="messages-intro">{t('messages.intro')}</p>
      <section className="card" aria-labelledby={conversationId}>
        <h2 id={conversationId}>{t('messages.conversation')}</h2>
        {conversation.isPending ? (
          <p role="status">{t('shared:loading')}</p>
        ) : conversation.isError ? (
          <div role="alert" className="messages-error">
            <p>{t('messages.loadError')}</p>
            <button type="button" className="button button-secondary button-small" onClick={() => void conversation.refetch()}>
              {t('messages.retry')}
            </button>
          </div>
        ) : messages.length === 0 ? (
          <p className="messages-empty">{t('messages.empty')}</p>
        ) : (
          <ol className="messages-list">
            {messages.map((message, index) => {
              const fresh = message.from === 'support' && (unreadOnOpen?.has(message._id) ?? false);
              return (
                <li key={message._id} ref={index === messages.length - 1 ? endRef : undefined} className={`message message-${message.from}`}>
                  <p className="message-meta">
                    <span className="message-author">{message.from === 'support' ? t('messages.support') : t('messages.you')}</span>
                    <span className="message-time">{t('messages.sentAt', { date: when(message.createdAt) })}</span>
                    {fresh ? <span className="message-new">{t('messages.newAnswer')}</span> : null}
                  </p>
                  <p className="message-text">{message.text}</p>
                </li>
              );
            })}
          </ol>
        )}
      </section>
      <section className="card" aria-labelledby={formId}>
        <h2 id={formId}>{t('messages.formTitle')}</h2>
        <form className="form messages-form" onSubmit={submit} noValidate aria-labelledby={formId}>
          <div className="field">
            <label htmlFor={fieldId}>{t('messages.label')}</label>
            <textarea
              id={fieldId}
              rows={5}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setSentNote(false);
              }}
              aria-invalid={showProblem || undefined}
              aria-describedby={describedBy}
              disabled={readOnly}
            />
            <p id={`${fieldId}-hint`} className="field-hint">
              {t('messages.hint', { max: SUPPORT_TEXT_MAX })}{' '}
              <span className={text.trim().length > SUPPORT_TEXT_MAX ? 'messages-counter messages-counter-over' : 'messages-counter'}>
                {t('messages.counter', { count: text.trim().length, max: SUPPORT_TEXT_MAX })}
              </span>
            </p>
            {showProblem ? (
              <p id={`${fieldId}-problem`} className="field-error">
                {problem === 'SUPPORT_TEXT_TOO_LONG'
                  ? t('shared:errors.SUPPORT_TEXT_TOO_LONG')
                  : problem === 'INVALID_CHARACTERS'
                    ? t('shared:errors.INVALID_CHARACTERS')
                    : t('shared:errors.SUPPORT_TEXT_REQUIRED')}
              </p>
            ) : null}
            {send.isError ? (
              <p id={`${fieldId}-error`} className="field-error" role="alert">
                {errorText(send.error, i18n)}
              </p>
            ) : null}
          </div>
          <div>
            <button type="submit" className="button button-primary" disabled={readOnly || send.isPending} aria-busy={send.isPending || undefined}>
              {send.isPending ? t('messages.sending') : t('messages.send')}
            </button>
          </div>
          {readOnly ? <p className="field-hint">{t('messages.readOnly')}</p> : null}
          <p role="status" className="messages-sent">
            {sentNote ? t('messages.sent') : ''}
          </p>
        </form>
      </section>
    </div>
  );
}

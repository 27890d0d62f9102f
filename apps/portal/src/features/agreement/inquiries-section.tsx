import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { allowedInquiryTargets, type InquiryStatus, type ThirdPartyDataInquiry } from '@gridline/contracts/inquiries';
import { formatDate } from '@gridline/locale/dates';
import { useOrganisation } from '../../shared/api/organisation.ts';
import { READ_ONLY_NOTE_ID, useReadOnlySession } from '../../shared/api/read-only-session.ts';
import { errorText } from '../../shared/errors.ts';
import { useLanguage } from '../../shared/i18n/language-context.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { useAnswerInquiry, useInquiries, type InquiryAnswer } from './use-agreements.ts';
import { ErrorAlert } from '../../shared/ui/error-alert.tsx';

interface InquiriesSectionProps {
  locationId: string;
  /** The grid service the agreement belongs to; its inquiries are the ones listed. */
  serviceId: string | null;
}

/**
 * Third-party data inquiries of a CONSUMPTION_NET agreement (spec 000 §2.8, §4.3): who asked,
 * when, the status, and an answer offering only the allowed moves (none for a rejected one).
 */
export function InquiriesSection({ locationId, serviceId }: InquiriesSectionProps) {
  const { t, i18n } = useTranslation();
  const { language } = useLanguage();
  const organisation = useOrganisation();
  const inquiries = useInquiries(locationId, true);
  const answer = useAnswerInquiry(locationId);
  const [message, setMessage] = useState('');
  const headingId = useId();
  const introId = useId();
  const rowIdPrefix = useId();
  const rowId = (inquiryId: string) => `${rowIdPrefix}-${inquiryId}`;

  const statusText: Record<InquiryStatus, string> = {
    pending: t('agreement.inquiries.pending'),
    accepted: t('agreement.inquiries.accepted'),
    rejected: t('agreement.inquiries.rejected'),
  };

  const onAnswer = (request: InquiryAnswer) => {
    setMessage('');
    answer.mutate(request, {
      onSuccess: () => {
        setMessage(
          request.status === 'accepted'
            ? t('agreement.inquiries.acceptedMessage', { name: request.inquirer })
            : t('agreement.inquiries.rejectedMessage', { name: request.inquirer }),
        );
        // The row stays; its answer control may be gone, so focus goes to the row itself.
        queueMicrotask(() => document.getElementById(rowId(request.inquiryId))?.focus());
      },
    });
  };

  const rows = (inquiries.data ?? []).filter((inquiry) => serviceId === null || inquiry.serviceId === serviceId);

  let body;
  if (inquiries.isPending) {
    body = <Spinner label={t('agreement.inquiries.loading')} />;
  } else if (inquiries.isError) {
    body = (
      <ErrorAlert>{t('agreement.inquiries.loadError')}</ErrorAlert>
    );
  } else if (rows.length === 0) {
    body = <p className="empty-state">{t('agreement.inquiries.empty')}</p>;
  } else {
    body = (
      // In a narrow card each inquiry is drawn as a card (agreement.css); the roles keep it a table for assistive technology.
      <div className="table-scroll inquiry-table-scroll" role="region" aria-label={t('agreement.inquiries.scrollRegion')} tabIndex={0}>
        <table className="data-table inquiry-table" role="table">
          <caption className="visually-hidden">{t('agreement.inquiries.title')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">{t('agreement.inquiries.name')}</th>
              <th scope="col" role="columnheader">{t('agreement.inquiries.date')}</th>
              <th scope="col" role="columnheader">{t('agreement.inquiries.status')}</th>
              <th scope="col" role="columnheader">{t('agreement.inquiries.action')}</th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((inquiry) => (
              <tr key={inquiry.inquiryId} role="row">
                <th scope="row" role="rowheader" className="inquiry-cell-name" id={rowId(inquiry.inquiryId)} tabIndex={-1}>
                  {inquiry.inquirer}
                </th>
                <td role="cell" className="inquiry-cell-date" data-label={t('agreement.inquiries.date')}>
                  {formatDate(inquiry.inquiryDate, language, organisation.timeZone)}
                </td>
                <td role="cell" className="inquiry-cell-status">
                  <span className={`status status-inquiry-${inquiry.status}`}>{statusText[inquiry.status]}</span>
                </td>
                <td role="cell" className="inquiry-cell-answer">
                  {allowedInquiryTargets(inquiry.status).length > 0 ? (
                    <AnswerControl key={inquiry.status} inquiry={inquiry} busy={answer.isPending} onAnswer={onAnswer} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="inquiries" aria-labelledby={headingId} aria-describedby={introId}>
      <h3 id={headingId}>{t('agreement.inquiries.title')}</h3>
      <p id={introId} className="muted">
        {t('agreement.inquiries.intro')}
      </p>
      {answer.isError ? <ErrorAlert>{errorText(answer.error, i18n)}</ErrorAlert> : null}
      <p className="inquiry-message" aria-live="polite">
        {message}
      </p>
      {body}
    </section>
  );
}

interface AnswerControlProps {
  inquiry: ThirdPartyDataInquiry;
  busy: boolean;
  onAnswer(answer: InquiryAnswer): void;
}

/** The answer of one inquiry: a select of the allowed moves and a save button. */
function AnswerControl({ inquiry, busy, onAnswer }: AnswerControlProps) {
  const { t } = useTranslation();
  // A support session reads only: the answer is there, disabled, and says why.
  const readOnly = useReadOnlySession();
  const [choice, setChoice] = useState<InquiryStatus | ''>('');
  const selectId = useId();
  const choiceText: Record<InquiryStatus, string> = {
    pending: t('agreement.inquiries.pending'),
    accepted: t('agreement.inquiries.accept'),
    rejected: t('agreement.inquiries.reject'),
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (choice === '' || busy || readOnly) return;
    onAnswer({ inquiryId: inquiry.inquiryId, inquirer: inquiry.inquirer, status: choice });
  };
  return (
    <form className="inquiry-answer" onSubmit={onSubmit}>
      <label htmlFor={selectId} className="visually-hidden">
        {t('agreement.inquiries.answerLabel', { name: inquiry.inquirer })}
      </label>
      <select id={selectId} value={choice} onChange={(event) => setChoice(event.target.value as InquiryStatus | '')}>
        <option value="">{t('agreement.inquiries.choose')}</option>
        {allowedInquiryTargets(inquiry.status).map((status) => (
          <option key={status} value={status}>
            {choiceText[status]}
          </option>
        ))}
      </select>
      <button
        type="submit"
        className="button button-secondary button-small"
        aria-label={t('agreement.inquiries.saveLabel', { name: inquiry.inquirer })}
        aria-disabled={choice === '' || busy || readOnly || undefined}
        aria-describedby={readOnly ? READ_ONLY_NOTE_ID : undefined}
      >
        {t('agreement.inquiries.save')}
      </button>
    </form>
  );
}

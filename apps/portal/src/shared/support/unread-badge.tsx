import { useTranslation } from 'react-i18next';
import './unread-badge.css';

/** The count of unread answers from customer service: the number shown, the words read out; nothing when there are none. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <>
      <span className="unread-badge" aria-hidden="true" data-testid="unread-badge">
        {count}
      </span>
      <span className="visually-hidden">{` (${t('messages.unread', { count })})`}</span>
    </>
  );
}

import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from './error-alert.tsx';

/**
 * Deleting a row after confirmation, as every list page does it: `ask(item)` opens the
 * confirmation, its Delete calls `remove(item)`; on success a green notice says `deleted(item)`,
 * the confirmation closes and `after(item)` runs (refresh the list); a failure shows in the
 * confirmation, and closing it forgets the failure. `label` names the action where it removes
 * rather than deletes. Spread `modal` into a `ConfirmModal` with the
 * page's own title, body (and `word`, where the deletion must be typed):
 *
 *   const del = useConfirmedDelete({ remove: (tip) => …, deleted: () => t('tips.deleted'), after: () => refresh() });
 *   <ConfirmModal {...del.modal} title={…del.deleting…} body={t('tips.deleteBody')} />
 */
export function useConfirmedDelete<T>(options: {
  remove: (item: T) => Promise<unknown>;
  deleted: (item: T) => string;
  after?: (item: T) => unknown;
  /** The confirming button's word (and the failure's title) where it is not "Delete" ("Remove"). */
  label?: string;
}) {
  const { t } = useTranslation();
  const label = options.label ?? t('app.delete');
  const [deleting, setDeleting] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: options.remove,
    onSuccess: (_data, item) => {
      notifications.show({ color: 'green', message: options.deleted(item) });
      setDeleting(null);
      void options.after?.(item);
    },
  });
  return {
    /** The item whose deletion is being confirmed. */
    deleting,
    /** Opens the confirmation for `item`. */
    ask: (item: T) => setDeleting(item),
    /** The `ConfirmModal`'s props but its title, body and word. */
    modal: {
      opened: deleting !== null,
      confirmLabel: label,
      busy: mutation.isPending,
      error: mutation.error ? <ErrorAlert error={mutation.error} title={label} /> : null,
      onConfirm: () => {
        if (deleting !== null) mutation.mutate(deleting);
      },
      onClose: () => {
        setDeleting(null);
        mutation.reset();
      },
    },
  };
}
